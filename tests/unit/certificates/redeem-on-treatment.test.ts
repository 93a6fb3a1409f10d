import { isLeft, isRight } from 'fp-ts/Either';
import { CertificateIssued, type CertificateEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { expireCertificate } from '../../../server/certificates/expire-certificate';
import { redeemOnTreatment, releaseRedemption } from '../../../server/certificates/redeem-on-treatment';

const CERT = '00000000-0000-4000-8000-0000000000c1';
const T1 = '00000000-0000-4000-8000-0000000000a1';
const T2 = '00000000-0000-4000-8000-0000000000a2';
const issued = CertificateIssued.of({
  certificateId: CERT,
  code: 'WELC-OME0-01',
  paxId: 7,
  amount: 20,
  pointsCost: 0,
  name: 'Welcome Certificate',
  certificateCategoryType: null,
  displayCategory: 'welcome',
  status: 'ACTIVE',
  issuedAt: '2026-01-01T10:00:00.000Z',
  expirationDate: '2026-04-01',
});
const given = (...es: CertificateEvent[]) => fold(redeemOnTreatment.evolve, redeemOnTreatment.initialState, es);
const use = (treatmentId: string, paxId = 7) => ({ paxId, treatmentId, dateOfService: '2026-02-03', field: 'body.redeemedCertificateCodes.0' });
const events = (r: ReturnType<typeof redeemOnTreatment.decide>): CertificateEvent[] => (isRight(r) ? r.right : []);

describe('a treatment using a certificate', () => {
  describe('when it is unused', () => {
    it('records the use with the treatment and its date', () => {
      expect(events(redeemOnTreatment.decide(use(T1), given(issued)))).toEqual([
        { type: 'CertificateRedeemedOnTreatment', data: { certificateId: CERT, paxId: 7, treatmentId: T1, dateOfService: '2026-02-03' } },
      ]);
    });
  });

  describe('when another treatment already used it', () => {
    it('is refused as a conflict on the code', () => {
      const history = events(redeemOnTreatment.decide(use(T1), given(issued)));
      const refused = redeemOnTreatment.decide(use(T2), given(issued, ...history));
      expect(isLeft(refused) && refused.left).toEqual({
        slug: 'conflict',
        message: expect.stringMatching(/already used/),
        field: 'body.redeemedCertificateCodes.0',
      });
    });
  });

  describe('when the same treatment asks again (a retried externalId)', () => {
    it('changes nothing', () => {
      const history = events(redeemOnTreatment.decide(use(T1), given(issued)));
      expect(events(redeemOnTreatment.decide(use(T1), given(issued, ...history)))).toEqual([]);
    });
  });

  describe('when the certificate is not the member’s', () => {
    it('is refused on the code', () => {
      expect(isLeft(redeemOnTreatment.decide(use(T1, 8), given(issued)))).toBe(true);
    });
  });

  describe('when the treatment was refused and gives its use back', () => {
    it('frees the certificate for another treatment, and leaves another treatment’s use alone', () => {
      const taken = events(redeemOnTreatment.decide(use(T1), given(issued)));
      expect(events(releaseRedemption.decide({ treatmentId: T2 }, given(issued, ...taken)))).toEqual([]);
      const released = events(releaseRedemption.decide({ treatmentId: T1 }, given(issued, ...taken)));
      expect(released.map((e) => e.type)).toEqual(['CertificateRedemptionReleased']);
      expect(events(redeemOnTreatment.decide(use(T2), given(issued, ...taken, ...released)))).toHaveLength(1);
    });
  });

  describe('when the nightly expiry passes a used certificate', () => {
    it('leaves it used, not expired', () => {
      const taken = events(redeemOnTreatment.decide(use(T1), given(issued)));
      expect(expireCertificate.decide({ today: '2026-05-01' }, given(issued, ...taken))).toEqual({ _tag: 'Right', right: [] });
      expect(events(expireCertificate.decide({ today: '2026-05-01' }, given(issued)))).toHaveLength(1);
    });
  });

  describe('when it no longer stands to be used', () => {
    it('refuses an expired or voided certificate with a 400 on its code, as the desk’s check says', () => {
      const expired = events(expireCertificate.decide({ today: '2026-05-01' }, given(issued)));
      const late = redeemOnTreatment.decide(use(T1), given(issued, ...expired));
      expect(isLeft(late) && late.left).toEqual({ slug: 'validation', message: 'is expired: it cannot be used', field: 'body.redeemedCertificateCodes.0' });
      const pastItsDate = redeemOnTreatment.decide({ ...use(T1), dateOfService: '2026-04-02' }, given(issued));
      expect(isLeft(pastItsDate) && pastItsDate.left).toMatchObject({ slug: 'validation', message: 'expired on 04/01/2026, before the date of service' });
      // Used the morning after for the day before it expired: still good.
      expect(events(redeemOnTreatment.decide({ ...use(T1), dateOfService: '2026-04-01' }, given(issued)))).toHaveLength(1);
    });
  });
});
