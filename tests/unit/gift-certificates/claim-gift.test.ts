import { isLeft, isRight } from 'fp-ts/Either';
import { CertificateIssued, CertificateStatusChanged, CertificateTransferred, type CertificateEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { claimGift } from '../../../server/gift-certificates/claim-gift';

const ID = '0b8f8f1e-0000-4000-8000-000000000001';
const BUYER = 10;
const RECIPIENT = 20;
const issued = (gift = true) =>
  CertificateIssued.of({
    certificateId: ID,
    code: 'GIFT-CODE-01',
    paxId: BUYER,
    amount: 50,
    pointsCost: 500,
    name: 'Aspire Gift Certificate',
    certificateCategoryType: 'PURCHASABLE',
    displayCategory: 'gift',
    status: 'ACTIVE',
    issuedAt: '2026-11-01T10:00:00.000Z',
    expirationDate: '2027-11-01',
    ...(gift ? { gift: { recipientName: 'Robin', recipientEmail: 'robin@example.com', senderName: 'Sam' } } : {}),
  });
const given = (...events: CertificateEvent[]) => fold(claimGift.evolve, claimGift.initialState, events);
const refusal = (r: ReturnType<typeof claimGift.decide>) => (isLeft(r) ? r.left : undefined);

describe('claiming a gift certificate', () => {
  describe('when its recipient claims an unclaimed, ACTIVE gift', () => {
    it('moves it to them, and afterwards it is theirs', () => {
      const r = claimGift.decide({ claimantPaxId: RECIPIENT }, given(issued()));
      expect(isRight(r) && r.right).toEqual([CertificateTransferred.of({ certificateId: ID, fromPaxId: BUYER, toPaxId: RECIPIENT })]);
      const after = given(issued(), ...(isRight(r) ? r.right : []));
      expect(after).toMatchObject({ paxId: RECIPIENT, purchasedBy: BUYER, claimed: true });
    });
  });
  describe('when it was already claimed', () => {
    const claimed = [issued(), CertificateTransferred.of({ certificateId: ID, fromPaxId: BUYER, toPaxId: RECIPIENT })];
    it('refuses anyone else (409), and tells the recipient it is in their wallet', () => {
      expect(refusal(claimGift.decide({ claimantPaxId: 30 }, given(...claimed)))).toMatchObject({
        slug: 'conflict',
        message: 'This gift has already been claimed',
      });
      expect(refusal(claimGift.decide({ claimantPaxId: RECIPIENT }, given(...claimed)))).toMatchObject({
        slug: 'conflict',
        message: 'You have already claimed this gift: it is in your wallet',
      });
    });
  });
  describe('when its buyer tries to claim it', () => {
    it('refuses: only the recipient uses the code', () => {
      expect(refusal(claimGift.decide({ claimantPaxId: BUYER }, given(issued())))).toMatchObject({ slug: 'conflict' });
    });
  });
  describe('when it is not a gift, or no longer ACTIVE', () => {
    it('is not found for a certificate the buyer kept, and gone once expired', () => {
      expect(refusal(claimGift.decide({ claimantPaxId: RECIPIENT }, given(issued(false))))).toMatchObject({ slug: 'not-found' });
      const expired = CertificateStatusChanged.of({
        certificateId: ID,
        paxId: BUYER,
        from: 'ACTIVE',
        to: 'EXPIRED',
        expirationDate: '2027-11-01',
        changedBy: null,
      });
      expect(refusal(claimGift.decide({ claimantPaxId: RECIPIENT }, given(issued(), expired)))).toMatchObject({ slug: 'gone' });
    });
  });
});
