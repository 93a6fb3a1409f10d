import { isRight } from 'fp-ts/Either';
import { expireLots } from '../../../server/points/expire-lots';
import { awarded, expired, given, PAX, redeemed } from './ledger-fixtures';

const decide = (today: string, ...history: Parameters<typeof given>) => {
  const r = expireLots.decide({ paxId: PAX, today }, given(...history));
  if (!isRight(r)) throw new Error('expiry never refuses');
  return r.right;
};

describe('expire lots', () => {
  describe('when lots have passed their expiration date', () => {
    it('expires what is left of each, and only those', () => {
      const events = decide(
        '2026-04-02',
        awarded('a', 300, '2026-04-01'),
        awarded('b', 200, '2026-03-01'),
        awarded('c', 100, '2026-04-02'),
        redeemed(100, [{ lotId: 'a', amount: 100 }]),
      );
      expect(events).toEqual([expired('a', 200, '2026-04-01'), expired('b', 200, '2026-03-01')]);
    });

    it('leaves the balance at the unexpired remainder', () => {
      const history = [awarded('a', 300, '2026-04-01'), awarded('c', 100, '2026-05-01')];
      const after = given(...history, ...decide('2026-04-02', ...history));
      expect(after.balance).toBe(100);
    });
  });

  describe('when a lot is fully spent or already expired', () => {
    it('expires nothing', () => {
      expect(decide('2026-06-01', awarded('a', 100, '2026-04-01'), redeemed(100, [{ lotId: 'a', amount: 100 }]))).toEqual([]);
      expect(decide('2026-06-01', awarded('b', 100, '2026-04-01'), expired('b', 100, '2026-04-01'))).toEqual([]);
    });
  });

  describe('when a lot expires today', () => {
    it('keeps it until tomorrow', () => {
      expect(decide('2026-04-01', awarded('a', 100, '2026-04-01'))).toEqual([]);
    });
  });
});
