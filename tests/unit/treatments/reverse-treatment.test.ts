import { isRight } from 'fp-ts/Either';
import { PointsAwarded, PointsRedeemed, type MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { evolveMember, initialMemberState } from '../../../server/points/member-state';
import { redeemPoints } from '../../../server/points/redeem-points';
import { earnTreatmentPoints } from '../../../server/treatments/earn-treatment-points';
import { reverseTreatment } from '../../../server/treatments/reverse-treatment';
import { earn, line, PAX, T1, T2 } from './treatment-fixtures';

const events = <C, S>(decider: { decide: (c: C, s: S) => ReturnType<typeof reverseTreatment.decide> }, c: C, s: S): MemberEvent[] => {
  const r = decider.decide(c, s);
  if (!isRight(r)) throw new Error(`refused: ${JSON.stringify(r.left)}`);
  return r.right;
};
const reversalOf = (history: MemberEvent[], treatmentId = T1, expectedPoints = 40) =>
  events(
    reverseTreatment,
    { treatmentId, paxId: PAX, dateOfService: '2026-05-01', expectedPoints },
    fold(reverseTreatment.evolve, reverseTreatment.initialState, history),
  );
const earned = (treatmentId: string, history: MemberEvent[] = [], units = 20) =>
  events(earnTreatmentPoints, earn(treatmentId, [line('TREATMENT', units, 2)]), fold(earnTreatmentPoints.evolve, earnTreatmentPoints.initialState, history));
const member = (history: MemberEvent[]) => fold(evolveMember, initialMemberState, history);
const award = (lotId: string, amount: number): MemberEvent =>
  PointsAwarded.of({ paxId: PAX, lotId, amount, description: 'Goodwill', source: 'ADMIN', expirationDate: '2027-06-01', idempotencyKey: null });

describe('reversing a treatment', () => {
  describe('when it is still pending (nothing awarded yet)', () => {
    it('takes back nothing, releases its estimate, and the nightly award then decides nothing', () => {
      const [reversed] = reversalOf([], T1, 40);
      expect(reversed).toMatchObject({ type: 'PointsReversed', data: { amount: 0, consumed: [], owed: 0, pendingReleased: 40 } });
      expect(earned(T1, [reversed])).toEqual([]);
    });
  });

  describe('when it was awarded', () => {
    it('takes back exactly its award from its own lot, and gives the date its room back', () => {
      const history = earned(T1);
      const [reversed] = reversalOf(history);
      expect(reversed).toMatchObject({
        data: { amount: 40, treatmentPoints: 40, consumed: [{ lotId: `${T1}-treatment`, amount: 40 }], owed: 0, pendingReleased: 0 },
      });
      expect(member([...history, reversed]).balance).toBe(0);
      // 1,000 a date: after the reversal a corrected treatment of that date earns its full 1,000 again.
      const corrected = earned(T2, [...history, reversed], 500);
      expect(corrected.find((e) => e.type === 'PointsAwarded')).toMatchObject({ data: { amount: 1000 } });
    });

    it('owes what was spent: the balance goes below zero, redemption is refused in words, and the next award pays it back first', () => {
      const redeemed = PointsRedeemed.of({
        paxId: PAX,
        certificateId: '44444444-4444-4444-8444-444444444444',
        certificateCode: 'R-1',
        amount: 30,
        value: 3,
        consumed: [{ lotId: `${T1}-treatment`, amount: 30 }],
        expirationDate: '2026-07-01',
      });
      const history = [...earned(T1), redeemed];
      const [reversed] = reversalOf(history);
      expect(reversed).toMatchObject({ data: { amount: 40, consumed: [{ lotId: `${T1}-treatment`, amount: 10 }], owed: 30 } });
      const after = member([...history, reversed]);
      expect(after).toMatchObject({ balance: -30, owed: 30 });
      const refusal = redeemPoints.decide({ paxId: PAX, amount: 100, today: '2026-05-02', certificateId: 'x', certificateCode: 'x', divisor: 10 }, after);
      expect(refusal).toMatchObject({ _tag: 'Left', left: { slug: 'insufficient-points', message: expect.stringMatching(/-30 points.*voided/) } });
      const repaid = member([...history, reversed, award('a', 20)]);
      expect(repaid).toMatchObject({ balance: -10, owed: 10 });
      expect(repaid.lots.find((l) => l.lotId === 'a')?.remaining).toBe(0);
      const clear = member([...history, reversed, award('a', 20), award('b', 25)]);
      expect(clear).toMatchObject({ balance: 15, owed: 0 });
      expect(clear.lots.find((l) => l.lotId === 'b')?.remaining).toBe(15);
    });

    it('takes from other lots, soonest expiring first, when its own were spent', () => {
      const history = [award('late', 50), ...earned(T1), award('soon', 50)].map((e) =>
        e.type === 'PointsAwarded' && e.data.lotId === 'soon' ? { ...e, data: { ...e.data, expirationDate: '2026-06-01' } } : e,
      );
      const spent = PointsRedeemed.of({
        paxId: PAX,
        certificateId: '44444444-4444-4444-8444-444444444444',
        certificateCode: 'R-1',
        amount: 40,
        value: 4,
        consumed: [{ lotId: `${T1}-treatment`, amount: 40 }],
        expirationDate: '2026-07-01',
      });
      const [reversed] = reversalOf([...history, spent]);
      expect(reversed).toMatchObject({ data: { amount: 40, consumed: [{ lotId: 'soon', amount: 40 }], owed: 0 } });
    });
  });

  describe('when it was already reversed', () => {
    it('decides nothing (a retried void, or the voids process after the route)', () => {
      const history = earned(T1);
      const [reversed] = reversalOf(history);
      expect(reversalOf([...history, reversed])).toEqual([]);
    });
  });
});
