import { isLeft, isRight } from 'fp-ts/Either';
import { GiftOrderAbandoned, type MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { giftCertificateIssued } from '../../../server/gift-certificates/issue-gift-order';
import {
  abandonGiftOrder,
  MAX_QUANTITY_PER_CART,
  purchaseGiftCertificates,
  type PricedLine,
  type PurchaseGiftCertificates,
} from '../../../server/gift-certificates/purchase-gift-certificates';
import { awarded, expired, PAX } from '../points/ledger-fixtures';

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  certificateCategoryCode: 'ASPIRE_GIFT',
  certificateName: '$25 Aspire Gift Certificate',
  amount: 25,
  purchasePrice: 250,
  quantity: 1,
  isGift: false,
  ...over,
});
const command = (over: Partial<PurchaseGiftCertificates> = {}): PurchaseGiftCertificates => ({
  paxId: PAX,
  clientOrderId: 'order-1',
  today: '2026-03-15',
  expirationDate: '2027-03-15',
  lines: [line()],
  codes: ['AAAA-AAAA-A1', 'AAAA-AAAA-A2', 'AAAA-AAAA-A3', 'AAAA-AAAA-A4', 'AAAA-AAAA-A5'],
  ...over,
});
const given = (...events: MemberEvent[]) => fold(purchaseGiftCertificates.evolve, purchaseGiftCertificates.initialState, events);
const decide = (c: PurchaseGiftCertificates, ...events: MemberEvent[]) => purchaseGiftCertificates.decide(c, given(...events));
const refusal = (r: ReturnType<typeof decide>) => (isLeft(r) ? r.left : undefined);

describe('purchase gift certificates', () => {
  it('spends the order total from the earliest-expiring spendable lots, skipping expired ones', () => {
    const r = decide(
      command({ lines: [line({ quantity: 2 })] }),
      awarded('late', 400, '2026-09-01'),
      awarded('soon', 300, '2026-04-01'),
      awarded('gone', 900, '2026-03-01'),
    );
    expect(isRight(r) && r.right[0].data).toMatchObject({
      pointsSpent: 500,
      consumed: [
        { lotId: 'soon', amount: 300 },
        { lotId: 'late', amount: 200 },
      ],
    });
  });

  it('expands quantities into certificates with deterministic ids and the given codes, gift details only on gifts', () => {
    const gift = line({ amount: 50, purchasePrice: 500, isGift: true, recipientName: ' Robin ', recipientEmail: 'robin@example.com', giftMessage: 'Hi' });
    const c = command({ lines: [line({ quantity: 2, recipientName: 'ignored' }), gift] });
    const first = decide(c, awarded('a', 2000, '2026-09-01'));
    const second = decide(c, awarded('a', 2000, '2026-09-01'));
    expect(first).toEqual(second);
    const certs = isRight(first) && first.right[0].type === 'GiftCertificatesPurchased' ? first.right[0].data.certificates : [];
    expect(certs.map((x) => [x.code, x.amount, x.isGift, x.recipientName])).toEqual([
      ['AAAA-AAAA-A1', 25, false, null],
      ['AAAA-AAAA-A2', 25, false, null],
      ['AAAA-AAAA-A3', 50, true, 'Robin'],
    ]);
    expect(new Set(certs.map((x) => x.certificateId)).size).toBe(3);
  });

  it("puts each line's chosen design on every certificate it expands to, null where none was chosen", () => {
    const c = command({ lines: [line({ quantity: 2, selectedCardArt: 'card-art-golden-hour' }), line({ selectedCardArt: null }), line()] });
    const r = decide(c, awarded('a', 2000, '2026-09-01'));
    const certs = isRight(r) && r.right[0].type === 'GiftCertificatesPurchased' ? r.right[0].data.certificates : [];
    expect(certs.map((x) => x.cardArtId)).toEqual(['card-art-golden-hour', 'card-art-golden-hour', null, null]);
  });

  it("derives each certificate's CertificateIssued with its design, the same for the route and the reconciler", () => {
    const r = decide(command({ lines: [line({ selectedCardArt: 'card-art-sea-glass' }), line()] }), awarded('a', 2000, '2026-09-01'));
    const order = isRight(r) && r.right[0].type === 'GiftCertificatesPurchased' ? r.right[0].data : undefined;
    const issued = order!.certificates.map((c) => giftCertificateIssued(order!, c, '2026-03-15T10:00:00.000Z'));
    expect(issued.map((e) => e.data.cardArtId)).toEqual(['card-art-sea-glass', null]);
    expect(order!.certificates.map((c) => giftCertificateIssued(order!, c, '2026-03-15T10:00:00.000Z'))).toEqual(issued);
    // An order stored before designs were kept: its certificate has none.
    const { cardArtId: _dropped, ...old } = order!.certificates[0];
    expect(giftCertificateIssued(order!, old, '2026-03-15T10:00:00.000Z').data.cardArtId).toBeNull();
  });

  it(`refuses more than ${MAX_QUANTITY_PER_CART} certificates in all, naming body.items`, () => {
    const r = decide(command({ lines: [line({ quantity: 3 }), line({ quantity: 3 })] }), awarded('a', 5000, '2026-09-01'));
    expect(refusal(r)).toMatchObject({ slug: 'validation', field: 'body.items' });
    expect(isRight(decide(command({ lines: [line({ quantity: 2 }), line({ quantity: 3 })] }), awarded('a', 5000, '2026-09-01')))).toBe(true);
  });

  it('refuses a gift without a recipient name or a valid e-mail, naming the line field', () => {
    expect(
      refusal(decide(command({ lines: [line(), line({ isGift: true, recipientName: 'R', recipientEmail: 'nope' })] }), awarded('a', 5000, '2026-09-01'))),
    ).toMatchObject({ field: 'body.items.1.recipientEmail' });
    expect(refusal(decide(command({ lines: [line({ isGift: true, recipientEmail: 'r@example.com' })] }), awarded('a', 5000, '2026-09-01')))).toMatchObject({
      field: 'body.items.0.recipientName',
    });
  });

  it('refuses an order costing more than the spendable balance (expired points do not count)', () => {
    const r = decide(command({ lines: [line({ quantity: 2 })] }), awarded('a', 300, '2026-09-01'), awarded('b', 300, '2026-03-01'));
    expect(refusal(r)).toMatchObject({ slug: 'insufficient-points' });
    expect(refusal(decide(command(), awarded('a', 300, '2026-09-01'), expired('a', 100, '2026-09-01')))).toMatchObject({ slug: 'insufficient-points' });
  });

  it('decides nothing for a clientOrderId already placed, and the placed order spent its lots', () => {
    const placed = decide(command(), awarded('a', 1000, '2026-09-01'));
    const events = isRight(placed) ? placed.right : [];
    const state = given(awarded('a', 1000, '2026-09-01'), ...events);
    expect(state.member.balance).toBe(750);
    expect(purchaseGiftCertificates.decide(command(), state)).toEqual({ _tag: 'Right', right: [] });
    expect(isRight(purchaseGiftCertificates.decide(command({ clientOrderId: 'order-2' }), state))).toBe(true);
  });

  describe('a checkout given up on (its stock released by the sweep)', () => {
    const abandoned = GiftOrderAbandoned.of({ paxId: PAX, orderId: '00000000-0000-4000-8000-000000000001', clientOrderId: 'order-1' });
    const abandon = { paxId: PAX, orderId: '00000000-0000-4000-8000-000000000001', clientOrderId: 'order-1' };

    it('is abandoned once, and only when it bought nothing', () => {
      const state = given(awarded('a', 1000, '2027-01-01'));
      expect(abandonGiftOrder.decide(abandon, state)).toEqual({ _tag: 'Right', right: [abandoned] });
      expect(abandonGiftOrder.decide(abandon, abandonGiftOrder.evolve(state, abandoned))).toEqual({ _tag: 'Right', right: [] });
      const bought = decide(command(), awarded('a', 1000, '2027-01-01'));
      if (!isRight(bought)) throw new Error('expected the purchase');
      const afterPurchase = bought.right.reduce(purchaseGiftCertificates.evolve, state);
      expect(abandonGiftOrder.decide(abandon, afterPurchase)).toEqual({ _tag: 'Right', right: [] });
    });

    it('can no longer buy: the purchase is refused, naming the checkout', () => {
      expect(refusal(decide(command(), awarded('a', 1000, '2027-01-01'), abandoned))).toEqual({
        slug: 'conflict',
        message: 'This checkout was given up on and its certificates put back on sale: start the order again',
        field: 'body.clientOrderId',
      });
      expect(isRight(decide(command({ clientOrderId: 'order-2' }), awarded('a', 1000, '2027-01-01'), abandoned))).toBe(true);
    });
  });
});
