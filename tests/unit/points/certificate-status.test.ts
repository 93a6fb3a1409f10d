import { isLeft, isRight } from 'fp-ts/Either';
import { CertificateIssued, CertificateStatusChanged, type CertificateStatus, type CertificateEvent } from '../../../event-schemas';
import { certificateItem } from '../../../projections/certificates/certificate-item';
import { evolveCertificate, initialCertificateState } from '../../../server/certificates/certificate-state';
import { changeCertificateStatus, type ChangeCertificateStatus } from '../../../server/certificates/change-certificate-status';
import { expireCertificate } from '../../../server/certificates/expire-certificate';
import { fold } from '../../../server/core/decider';

const ID = '0b7e2f6a-5d4c-4b3a-9e8f-7a6b5c4d3e2f';
const OWNER = 7;
const ADMIN = 1;

const issued = (over: Partial<Parameters<typeof CertificateIssued.of>[0]> = {}) =>
  CertificateIssued.of({
    certificateId: ID,
    code: 'ABCD-EFGH-JK',
    paxId: OWNER,
    amount: 10,
    pointsCost: 100,
    name: '$10 Reward Certificate',
    certificateCategoryType: null,
    displayCategory: 'reward',
    status: 'ACTIVE',
    issuedAt: '2026-03-15T18:00:00.000Z',
    expirationDate: '2026-05-14',
    ...over,
  });
const changed = (from: CertificateStatus, to: CertificateStatus, expirationDate = '2026-05-14', changedBy: number | null = ADMIN) =>
  CertificateStatusChanged.of({ certificateId: ID, paxId: OWNER, from, to, expirationDate, changedBy });

const given = (...events: CertificateEvent[]) => fold(evolveCertificate, initialCertificateState, events);
const command = (over: Partial<ChangeCertificateStatus> = {}): ChangeCertificateStatus => ({
  status: 'VOID',
  expirationDate: null,
  adminId: ADMIN,
  actingForPaxId: OWNER,
  today: '2026-04-01',
  ...over,
});
const refusal = (c: ChangeCertificateStatus, ...history: CertificateEvent[]) => {
  const r = changeCertificateStatus.decide(c, given(...history));
  return isLeft(r) ? r.left.slug : undefined;
};

describe('change certificate status', () => {
  // Issue 28: "ACTIVE · expires 01/01/2020" in the wallet. An ACTIVE certificate's expiry is today or later.
  describe('when the certificate would be ACTIVE with an expiry already past', () => {
    it('refuses a past date on body.expirationDate, and accepts today', () => {
      const past = changeCertificateStatus.decide(command({ status: 'ACTIVE', expirationDate: '2020-01-01' }), given(issued()));
      expect(isLeft(past) && past.left).toEqual(expect.objectContaining({ slug: 'validation', field: 'body.expirationDate' }));
      const todays = changeCertificateStatus.decide(command({ status: 'ACTIVE', expirationDate: '2026-04-01' }), given(issued()));
      expect(isRight(todays)).toBe(true);
    });

    it('refuses reactivating an expired certificate with its old date, and accepts it with a new one', () => {
      const expired = [issued({ expirationDate: '2026-03-20' }), changed('ACTIVE', 'EXPIRED', '2026-03-20', null)];
      expect(refusal(command({ status: 'ACTIVE' }), ...expired)).toBe('validation');
      expect(refusal(command({ status: 'ACTIVE', expirationDate: '2026-06-30' }), ...expired)).toBeUndefined();
      // Voiding it keeps its old date: only ACTIVE makes a claim about the future.
      expect(refusal(command({ status: 'VOID' }), ...expired)).toBeUndefined();
    });
  });

  describe('when the certificate is ACTIVE or EXPIRED', () => {
    it.each([
      ['ACTIVE', 'VOID'],
      ['ACTIVE', 'EXPIRED'],
      ['EXPIRED', 'ACTIVE'],
      ['EXPIRED', 'VOID'],
    ] as const)('moves %s to %s, naming the admin and the member', (from, to) => {
      const history = from === 'ACTIVE' ? [issued()] : [issued(), changed('ACTIVE', 'EXPIRED', '2026-05-14', null)];
      const r = changeCertificateStatus.decide(command({ status: to }), given(...history));
      expect(isRight(r) && r.right).toEqual([changed(from, to)]);
    });

    it('changes the expiration date when one is given, keeps it when null', () => {
      const r = changeCertificateStatus.decide(command({ status: 'ACTIVE', expirationDate: '2026-12-31' }), given(issued()));
      expect(isRight(r) && r.right).toEqual([changed('ACTIVE', 'ACTIVE', '2026-12-31')]);
    });

    it('decides nothing when nothing changes', () => {
      const r = changeCertificateStatus.decide(command({ status: 'ACTIVE' }), given(issued()));
      expect(isRight(r) && r.right).toEqual([]);
    });

    it('allows REFUND and CHARGEBACK only on purchased certificates', () => {
      expect(refusal(command({ status: 'REFUND' }), issued())).toBe('validation');
      expect(refusal(command({ status: 'CHARGEBACK' }), issued())).toBe('validation');
      expect(refusal(command({ status: 'REFUND' }), issued({ certificateCategoryType: 'PURCHASABLE' }))).toBeUndefined();
      expect(refusal(command({ status: 'CHARGEBACK' }), issued({ certificateCategoryType: 'PURCHASABLE' }))).toBeUndefined();
    });
  });

  describe('when the certificate is VOID, REFUND or CHARGEBACK', () => {
    it.each(['VOID', 'REFUND', 'CHARGEBACK'] as const)('refuses to edit a %s certificate (409)', (status) => {
      expect(refusal(command({ status: 'ACTIVE' }), issued({ certificateCategoryType: 'PURCHASABLE' }), changed('ACTIVE', status))).toBe('invalid-state');
    });
  });

  describe('when the certificate is unknown or not the member acted for', () => {
    it('is not found', () => expect(refusal(command())).toBe('not-found'));
    it('is forbidden', () => expect(refusal(command({ actingForPaxId: 99 }), issued())).toBe('forbidden'));
  });
});

describe('expire certificate', () => {
  const decide = (today: string, ...history: CertificateEvent[]) => {
    const r = expireCertificate.decide({ today }, given(...history));
    return isRight(r) ? r.right : undefined;
  };
  it('expires an ACTIVE certificate the day after its expiration date, by no admin', () => {
    expect(decide('2026-05-15', issued())).toEqual([changed('ACTIVE', 'EXPIRED', '2026-05-14', null)]);
  });
  it('keeps it on its expiration date', () => expect(decide('2026-05-14', issued())).toEqual([]));
  it('leaves VOID and already EXPIRED certificates alone', () => {
    expect(decide('2027-01-01', issued(), changed('ACTIVE', 'VOID'))).toEqual([]);
    expect(decide('2027-01-01', issued(), changed('ACTIVE', 'EXPIRED'))).toEqual([]);
  });
  it('does nothing for an unknown certificate', () => expect(decide('2027-01-01')).toEqual([]));
});

describe('certificate item', () => {
  const facts = {
    certificateId: ID,
    expirationDate: '2026-05-14',
    certificateCategoryType: 'PURCHASABLE' as const,
    amount: 25,
    name: '$25 Gift',
    code: 'C',
    pointsCost: 0,
    displayCategory: 'offer',
    cardArtId: null,
  };
  it.each([
    ['ACTIVE', 'ACTIVE', '$25 Gift, expires 05/14/2026'],
    ['REFUND', 'VOIDED', '$25 Gift, VOIDED'],
    ['CHARGEBACK', 'VOIDED', '$25 Gift, VOIDED'],
    ['VOID', 'VOID', '$25 Gift, VOID'],
  ] as const)('shows %s as %s', (status, displayStatus, summaryDisplay) => {
    expect(certificateItem({ ...facts, status })).toMatchObject({ status, displayStatus, summaryDisplay });
  });
});
