import { campaignDefaults, type Campaign } from '../../../server/campaigns/campaign';
import { patientOfferDue } from '../../../server/campaigns/patient-offer-decision';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  ...campaignDefaults,
  id: 7,
  campaignName: 'After your visit',
  statusTypeCode: 'ACTIVE',
  isPatientEvent: true,
  certificateCategoryCode: 'SPRING_OFFER',
  certificateAmount: 25,
  fromDate: '2026-03-01',
  thruDate: '2026-03-31',
  ...over,
});

describe('patientOfferDue', () => {
  it('given an ACTIVE patient-event campaign open on the treatment date, when a member of its group is treated, then the offer is due', () => {
    expect(patientOfferDue({ campaign: campaign(), treatedOn: '2026-03-01', inGroup: true })).toBe(true);
    expect(patientOfferDue({ campaign: campaign(), treatedOn: '2026-03-31', inGroup: true })).toBe(true);
    expect(patientOfferDue({ campaign: campaign({ fromDate: null, thruDate: null }), treatedOn: '2030-01-01', inGroup: true })).toBe(true);
  });

  it('given a treatment outside the window, then nothing is due', () => {
    expect(patientOfferDue({ campaign: campaign(), treatedOn: '2026-02-28', inGroup: true })).toBe(false);
    expect(patientOfferDue({ campaign: campaign(), treatedOn: '2026-04-01', inGroup: true })).toBe(false);
  });

  it('given a member outside the group, a campaign that is not a patient event, not ACTIVE, or has no offer, then nothing is due', () => {
    expect(patientOfferDue({ campaign: campaign(), treatedOn: '2026-03-10', inGroup: false })).toBe(false);
    expect(patientOfferDue({ campaign: campaign({ isPatientEvent: false }), treatedOn: '2026-03-10', inGroup: true })).toBe(false);
    expect(patientOfferDue({ campaign: campaign({ statusTypeCode: 'DRAFT' }), treatedOn: '2026-03-10', inGroup: true })).toBe(false);
    expect(patientOfferDue({ campaign: campaign({ statusTypeCode: 'ENDED' }), treatedOn: '2026-03-10', inGroup: true })).toBe(false);
    expect(patientOfferDue({ campaign: campaign({ certificateAmount: null }), treatedOn: '2026-03-10', inGroup: true })).toBe(false);
    expect(patientOfferDue({ campaign: campaign({ certificateCategoryCode: null }), treatedOn: '2026-03-10', inGroup: true })).toBe(false);
  });
});
