import { isLeft, isRight } from 'fp-ts/Either';
import { redeemPoints, type RedeemPoints } from '../../../server/points/redeem-points';
import { awarded, CERT_ID, expired, given, PAX, redeemed } from './ledger-fixtures';

const command = (over: Partial<RedeemPoints> = {}): RedeemPoints => ({
  paxId: PAX,
  amount: 100,
  today: '2026-03-15',
  certificateId: CERT_ID,
  certificateCode: 'ABCD-EFGH-JK',
  divisor: 10,
  ...over,
});

describe('redeem points', () => {
  describe('when the member has enough unexpired points', () => {
    it('spends them on a certificate worth points / divisor that expires 60 days later', () => {
      const r = redeemPoints.decide(command({ amount: 300 }), given(awarded('a', 500, '2027-01-01')));
      expect(isRight(r) && r.right).toEqual([redeemed(300, [{ lotId: 'a', amount: 300 }])]);
    });

    it('consumes the earliest-expiring lots first, whatever order they were awarded in', () => {
      const state = given(awarded('late', 300, '2027-06-01'), awarded('soon', 150, '2026-04-01'), awarded('mid', 100, '2026-09-01'));
      const r = redeemPoints.decide(command({ amount: 400 }), state);
      expect(isRight(r) && r.right[0].data).toMatchObject({
        consumed: [
          { lotId: 'soon', amount: 150 },
          { lotId: 'mid', amount: 100 },
          { lotId: 'late', amount: 150 },
        ],
      });
    });

    it('skips what earlier redemptions and expiries already took', () => {
      const state = given(
        awarded('a', 200, '2026-04-01'),
        awarded('b', 200, '2026-05-01'),
        redeemed(100, [{ lotId: 'a', amount: 100 }]),
        expired('a', 100, '2026-04-01'),
      );
      const r = redeemPoints.decide(command({ amount: 200 }), state);
      expect(isRight(r) && r.right[0]).toMatchObject({ data: { consumed: [{ lotId: 'b', amount: 200 }] } });
    });

    it('uses the programme divisor for the value', () => {
      const r = redeemPoints.decide(command({ amount: 1000, divisor: 4 }), given(awarded('a', 1000, '2027-01-01')));
      expect(isRight(r) && r.right[0]).toMatchObject({ data: { value: 250 } });
    });

    it('lets a lot be spent on its expiration date itself', () => {
      const r = redeemPoints.decide(command({ amount: 100, today: '2026-04-01' }), given(awarded('a', 100, '2026-04-01')));
      expect(isRight(r)).toBe(true);
    });
  });

  describe('when the member has too few points', () => {
    it('refuses with insufficient-points', () => {
      const r = redeemPoints.decide(command({ amount: 200 }), given(awarded('a', 150, '2027-01-01')));
      expect(isLeft(r) && r.left.slug).toBe('insufficient-points');
    });

    it('does not count lots past their expiration date, even before the expiry job ran', () => {
      const state = given(awarded('old', 500, '2026-03-14'), awarded('new', 50, '2027-01-01'));
      const r = redeemPoints.decide(command({ amount: 100 }), state);
      expect(isLeft(r) && r.left.slug).toBe('insufficient-points');
    });

    it('refuses a member with nothing at all', () => {
      expect(isLeft(redeemPoints.decide(command(), given()))).toBe(true);
    });
  });

  describe('when the amount is not a redeem tier', () => {
    it.each([0, 50, 150, 1100, -100, 99.5])('refuses %p naming body.amount', (amount) => {
      const r = redeemPoints.decide(command({ amount }), given(awarded('a', 5000, '2027-01-01')));
      expect(isLeft(r) && r.left).toEqual({ slug: 'validation', message: 'must be 100 to 1000 in steps of 100', field: 'body.amount' });
    });

    it.each([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000])('accepts %p', (amount) => {
      expect(isRight(redeemPoints.decide(command({ amount }), given(awarded('a', 1000, '2027-01-01'))))).toBe(true);
    });
  });

  it('folds a redemption out of the balance and its lots', () => {
    const s = given(
      awarded('a', 100, '2026-04-01'),
      awarded('b', 300, '2026-05-01'),
      redeemed(200, [
        { lotId: 'a', amount: 100 },
        { lotId: 'b', amount: 100 },
      ]),
    );
    expect(s.balance).toBe(200);
    expect(s.lots.map((l) => [l.lotId, l.remaining])).toEqual([
      ['a', 0],
      ['b', 200],
    ]);
  });
});
