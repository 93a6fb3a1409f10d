import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import type { MemberEvent } from '../../../event-schemas';
import { expireLots } from '../../../server/points/expire-lots';
import { evolveMember, initialMemberState, type MemberState } from '../../../server/points/member-state';
import { addDays } from '../../../server/points/dates';
import { REDEEM_TIERS } from '../../../event-schemas/contract/redeem-tiers';
import { redeemPoints } from '../../../server/points/redeem-points';
import { awarded, CERT_ID, PAX } from './ledger-fixtures';

type Step = { kind: 'award'; amount: number; lifeDays: number } | { kind: 'redeem'; amount: number } | { kind: 'expire' } | { kind: 'wait'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('award' as const), amount: fc.integer({ min: 1, max: 1500 }), lifeDays: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('redeem' as const), amount: fc.constantFrom(...REDEEM_TIERS) }),
  fc.constant({ kind: 'expire' as const }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 60 }) }),
);

/** Runs the steps through the deciders as the server would, answering every event appended. */
const play = (steps: Step[]) => {
  let today = '2026-01-01';
  let state: MemberState = initialMemberState;
  const log: MemberEvent[] = [];
  steps.forEach((s, i) => {
    let decided: MemberEvent[] = [];
    if (s.kind === 'wait') today = addDays(today, s.days);
    else if (s.kind === 'award') decided = [awarded(`lot-${i}`, s.amount, addDays(today, s.lifeDays))];
    else {
      const r =
        s.kind === 'redeem'
          ? redeemPoints.decide({ paxId: PAX, amount: s.amount, today, certificateId: CERT_ID, certificateCode: 'X', divisor: 10 }, state)
          : expireLots.decide({ paxId: PAX, today }, state);
      if (isRight(r)) decided = r.right;
    }
    for (const e of decided) {
      state = evolveMember(state, e);
      log.push(e);
      expect(state.balance).toBeGreaterThanOrEqual(0);
      expect(state.lots.every((l) => l.remaining >= 0)).toBe(true);
    }
  });
  return { state, log };
};

/** The balance as the events themselves state it, counted independently of evolve. */
const ledgerTotal = (log: MemberEvent[]) =>
  log.reduce(
    (sum, e) => (e.type === 'PointsAwarded' ? sum + e.data.amount : e.type === 'PointsRedeemed' || e.type === 'PointsExpired' ? sum - e.data.amount : sum),
    0,
  );

describe('points ledger properties', () => {
  it('never goes negative, and the balance always equals the fold of the events and the sum of the lots', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { state, log } = play(steps);
        expect(state.balance).toBe(ledgerTotal(log));
        expect(state.balance).toBe(state.lots.reduce((sum, l) => sum + l.remaining, 0));
        expect(log.reduce(evolveMember, initialMemberState).balance).toBe(state.balance);
      }),
      { numRuns: 300 },
    );
  });

  it('a redemption only ever spends lots that are still good, and exactly its amount', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.constantFrom(...REDEEM_TIERS), (steps, amount) => {
        const { state } = play(steps);
        const today = '2026-03-01';
        const r = redeemPoints.decide({ paxId: PAX, amount, today, certificateId: CERT_ID, certificateCode: 'X', divisor: 10 }, state);
        if (!isRight(r)) return;
        const [e] = r.right;
        if (e.type !== 'PointsRedeemed') throw new Error('expected PointsRedeemed');
        expect(e.data.consumed.reduce((s, c) => s + c.amount, 0)).toBe(amount);
        for (const c of e.data.consumed) {
          const lot = state.lots.find((l) => l.lotId === c.lotId)!;
          expect(lot.expirationDate >= today && c.amount <= lot.remaining).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
