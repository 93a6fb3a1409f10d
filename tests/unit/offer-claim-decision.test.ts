import { campaignDefaults, checkCampaign, type Campaign } from '../../server/campaigns/campaign';
import { claimEventCode, decideOfferClaim, type ClaimFacts } from '../../server/campaigns/offer-claim-decision';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  ...campaignDefaults,
  id: 7,
  campaignName: 'Spring',
  statusTypeCode: 'ACTIVE',
  fromDate: '2026-03-01',
  thruDate: '2026-05-31',
  certificateCategoryCode: 'SPRING_OFFER',
  certificateAmount: 25,
  ...over,
});
const facts = (over: Partial<ClaimFacts> = {}): ClaimFacts => ({ campaign: campaign(), today: '2026-04-10', inGroup: true, previousClaims: [], ...over });

describe('deciding an offer claim at sign-in', () => {
  it('issues the first offer of an open campaign to a member of its audience', () => {
    expect(decideOfferClaim(facts())).toEqual({ kind: 'issue', claimNumber: 0 });
  });

  it('ignores an unknown or draft campaign (no dialog)', () => {
    expect(decideOfferClaim(facts({ campaign: undefined }))).toEqual({ kind: 'ignore' });
    expect(decideOfferClaim(facts({ campaign: campaign({ statusTypeCode: 'DRAFT' }) }))).toEqual({ kind: 'ignore' });
  });

  it.each([
    ['ended by an admin', { campaign: campaign({ statusTypeCode: 'ENDED' }) }],
    ['past its thru date', { today: '2026-06-01' }],
    ['before its from date', { today: '2026-02-28' }],
  ])('answers offer ended when the campaign is %s', (_what, over) => {
    expect(decideOfferClaim(facts(over))).toEqual({ kind: 'refuse', reason: 'ENDED' });
  });

  it('counts both ends of the window as open', () => {
    expect(decideOfferClaim(facts({ today: '2026-03-01' })).kind).toBe('issue');
    expect(decideOfferClaim(facts({ today: '2026-05-31' })).kind).toBe('issue');
  });

  it('answers not eligible outside the campaign group, ahead of an earlier claim', () => {
    expect(decideOfferClaim(facts({ inGroup: false, previousClaims: ['ACTIVE'] }))).toEqual({ kind: 'refuse', reason: 'NOT_MEMBER' });
  });

  it('gives one offer per member unless reissuance is allowed and the earlier offers are spent', () => {
    expect(decideOfferClaim(facts({ previousClaims: ['EXPIRED'] }))).toEqual({ kind: 'refuse', reason: 'ALREADY_CLAIMED' });
    const reissuing = campaign({ allowReissuance: true });
    expect(decideOfferClaim(facts({ campaign: reissuing, previousClaims: ['ACTIVE'] }))).toEqual({ kind: 'refuse', reason: 'ALREADY_CLAIMED' });
    expect(decideOfferClaim(facts({ campaign: reissuing, previousClaims: ['EXPIRED', 'VOID'] }))).toEqual({ kind: 'issue', claimNumber: 2 });
  });

  it('names its outcome with the login-event codes the member portal reads', () => {
    expect(claimEventCode({ kind: 'issue', claimNumber: 0 }, 7)).toBe('MKT_LOGIN_CERT_SUCCESS_7');
    expect(claimEventCode({ kind: 'refuse', reason: 'ALREADY_CLAIMED' }, 7)).toBe('MKT_LOGIN_CERT_ALREADY_CLAIMED_7');
    expect(claimEventCode({ kind: 'refuse', reason: 'ENDED' }, 7)).toBe('MKT_LOGIN_CERT_ENDED_7');
    expect(claimEventCode({ kind: 'refuse', reason: 'NOT_MEMBER' }, 7)).toBe('MKT_LOGIN_CERT_NOT_MEMBER_7');
  });
});

describe('campaign field rules', () => {
  it('lets a draft be incomplete but names what an ACTIVE campaign lacks', () => {
    expect(checkCampaign({ ...campaignDefaults, campaignName: 'Draft' })).toEqual([]);
    expect(checkCampaign({ ...campaignDefaults, campaignName: 'Live', statusTypeCode: 'ACTIVE', fromDate: '2026-01-01' }).map((e) => e.path)).toEqual([
      'body.thruDate',
      'body.certificateCategoryCode',
      'body.certificateAmount',
    ]);
  });

  it('refuses a window that ends before it starts', () => {
    expect(checkCampaign({ ...campaignDefaults, campaignName: 'X', fromDate: '2026-02-01', thruDate: '2026-01-31' })).toEqual([
      { path: 'body.thruDate', message: 'must not be before fromDate' },
    ]);
  });
});
