import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import type { MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { payPromotion, promotionCertificateId, promotionLotId, type PayPromotion } from '../../../server/promotions/pay-promotion';
import { paysFor, retroPublication } from '../../../server/promotions/promotion-payouts';
import { evolvePayouts, initialPayoutState } from '../../../server/promotions/payout-state';
import { NEUROMODULATOR, PROMOTION_ID, payCommand, rule, tier } from './payout-fixtures';

const given = (...events: MemberEvent[]) => fold(evolvePayouts, initialPayoutState, events);
const when = (c: PayPromotion, history: MemberEvent[] = []): MemberEvent[] => {
  const r = payPromotion.decide(c, given(...history));
  if (!isRight(r)) throw new Error(`refused: ${r.left.message}`);
  return r.right;
};
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('paying a promotion for one treatment', () => {
  it('pays points: the award names the promotion, its revision, the rule and the treatment, and a PROMOTION lot credits it', () => {
    const c = payCommand();
    expect(when(c)).toEqual([
      {
        type: 'PromotionAwardEarned',
        data: {
          paxId: 7,
          promotionId: PROMOTION_ID,
          promotionRevision: 3,
          promotionName: 'Spring Sparkle',
          ruleId: 'rule-1',
          ruleName: 'Neuromodulator units',
          treatmentId: c.treatment.treatmentId,
          dateOfService: '2026-04-10',
          units: 12,
          tierTarget: 10,
          awardType: 'POINT',
          amount: 24,
          requested: 24,
          expirationDate: '2027-04-11',
          lotId: promotionLotId(PROMOTION_ID, c.treatment.treatmentId),
          certificate: null,
        },
      },
      {
        type: 'PointsAwarded',
        data: {
          paxId: 7,
          lotId: promotionLotId(PROMOTION_ID, c.treatment.treatmentId),
          amount: 24,
          description: 'Spring Sparkle: 12 units on 2026-04-10',
          source: 'PROMOTION',
          expirationDate: '2027-04-11',
          idempotencyKey: null,
        },
      },
    ]);
  });

  it('pays a treatment once: given it was paid, deciding again (a replay, a second job, a second server) appends nothing', () => {
    const c = payCommand();
    const first = when(c);
    expect(when(c, first)).toEqual([]);
    // Another treatment still pays.
    expect(when(payCommand({ treatmentId: uuid(2) }), first)).toHaveLength(2);
  });

  it('holds the daily cap per member, promotion and day of service', () => {
    const cap = 30;
    const first = when(payCommand({ cap, treatmentId: uuid(1) }));
    expect(first[0].data).toEqual(expect.objectContaining({ amount: 24, requested: 24 }));
    const second = when(payCommand({ cap, treatmentId: uuid(2) }), first);
    expect(second[0].data).toEqual(expect.objectContaining({ amount: 6, requested: 24 }));
    // Nothing left that day: no event at all (no zero-point lot).
    expect(when(payCommand({ cap, treatmentId: uuid(3) }), [...first, ...second])).toEqual([]);
    // Another day has its own room.
    expect(when(payCommand({ cap, treatmentId: uuid(4), dateOfService: '2026-04-12' }), [...first, ...second])[0].data).toEqual(
      expect.objectContaining({ amount: 24 }),
    );
  });

  it('gives a reversed treatment’s promotion points back to its day’s cap, and pays that treatment nothing again', () => {
    const cap = 30;
    const first = when(payCommand({ cap, treatmentId: uuid(1) }));
    const reversal: MemberEvent = {
      type: 'PointsReversed',
      data: {
        paxId: 7,
        treatmentId: uuid(1),
        dateOfService: '2026-04-10',
        amount: 24,
        treatmentPoints: 0,
        partnerPoints: 0,
        promotionPoints: 24,
        consumed: [],
        owed: 0,
        pendingReleased: 0,
      },
    };
    // Another treatment that day earns the cap's whole room again, not the 6 left beside the reversed 24.
    expect(when(payCommand({ cap, treatmentId: uuid(2) }), [...first, reversal])[0].data).toEqual(expect.objectContaining({ amount: 24 }));
    expect(when(payCommand({ cap, treatmentId: uuid(1) }), [...first, reversal])).toEqual([]);
  });

  it('issues a certificate of the promotion’s category for a CERTIFICATE award, with no points and no cap', () => {
    const c = payCommand({ awardType: 'CERTIFICATE', cap: 1 });
    const events = when(c);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'PromotionAwardEarned',
        data: expect.objectContaining({
          awardType: 'CERTIFICATE',
          amount: 25,
          expirationDate: '2026-06-10',
          lotId: null,
          certificate: {
            certificateId: promotionCertificateId(PROMOTION_ID, c.treatment.treatmentId),
            categoryCode: 'GLOW_OFFER',
            name: 'Glow offer',
            value: 25,
          },
        }),
      }),
    ]);
    // The state remembers it, so a run after a crash can still issue the certificate the award promised.
    expect(given(...events).paid.get(`${PROMOTION_ID}|${c.treatment.treatmentId}`)?.certificate?.value).toBe(25);
  });

  it('pays nothing when no rule is met', () => {
    expect(when(payCommand({ lines: [{ productId: NEUROMODULATOR, quantity: 9 }] }))).toEqual([]);
    expect(when(payCommand({ rules: [] }))).toEqual([]);
  });
});

describe('property: the daily cap holds for every member-day', () => {
  it('the promotion points of a member on a day of service never exceed the cap, whatever the treatments and their order', () => {
    const treatment = fc.record({ day: fc.integer({ min: 1, max: 3 }), units: fc.integer({ min: 0, max: 60 }), paxId: fc.integer({ min: 1, max: 2 }) });
    fc.assert(
      fc.property(fc.array(treatment, { maxLength: 25 }), fc.integer({ min: 1, max: 200 }), fc.boolean(), (treatments, cap, flat) => {
        const rules = [rule({ tiers: [tier(1, { award: flat ? 40 : 3, payMethod: flat ? 'flat' : 'units' }), tier(30, { award: 5, max: 120 })] })];
        const histories = new Map<number, MemberEvent[]>();
        treatments.forEach((t, i) => {
          const history = histories.get(t.paxId) ?? [];
          const c = {
            ...payCommand({ cap, rules, treatmentId: uuid(i), dateOfService: `2026-04-0${t.day}`, lines: [{ productId: NEUROMODULATOR, quantity: t.units }] }),
            paxId: t.paxId,
          };
          // Decided twice: the replay must add nothing.
          const decided = when(c, history);
          histories.set(t.paxId, [...history, ...decided, ...when(c, [...history, ...decided])]);
        });
        for (const history of histories.values()) {
          const perDay = new Map<string, number>();
          for (const e of history)
            if (e.type === 'PromotionAwardEarned') perDay.set(e.data.dateOfService, (perDay.get(e.data.dateOfService) ?? 0) + e.data.amount);
          for (const total of perDay.values()) expect(total).toBeLessThanOrEqual(cap);
          const credited = history.filter((e) => e.type === 'PointsAwarded').reduce((n, e) => n + (e.type === 'PointsAwarded' ? e.data.amount : 0), 0);
          const earned = history
            .filter((e) => e.type === 'PromotionAwardEarned')
            .reduce((n, e) => n + (e.type === 'PromotionAwardEarned' ? e.data.amount : 0), 0);
          expect(credited).toBe(earned);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('which promotions pay (statuses, window, retro)', () => {
  const promotion = (status: string, over: { retro?: boolean; rules?: number } = {}) => ({
    status: status as 'ACTIVE',
    fromDate: '2026-04-01',
    thruDate: '2026-04-30',
    payoutAndRules: { ...payCommand().promotion.payoutAndRules, retro: over.retro ?? false, rules: Array.from({ length: over.rules ?? 1 }, () => rule()) },
  });

  it.each([
    ['ACTIVE', true],
    ['ENDED', true],
    ['PAYMENTS_STOPPED', false],
    ['NEW', false],
    ['DRAFT', false],
  ])('a %s promotion pays inside its window: %s', (status, pays) => {
    expect(paysFor(promotion(status), '2026-04-15')).toBe(pays);
  });

  it('pays on both ends of the window, not outside it, and never without rules', () => {
    expect(paysFor(promotion('ACTIVE'), '2026-04-01')).toBe(true);
    expect(paysFor(promotion('ACTIVE'), '2026-04-30')).toBe(true);
    expect(paysFor(promotion('ACTIVE'), '2026-03-31')).toBe(false);
    expect(paysFor(promotion('ENDED'), '2026-05-01')).toBe(false);
    expect(paysFor(promotion('ACTIVE', { rules: 0 }), '2026-04-15')).toBe(false);
  });

  it('retro pays at publication only, and only with rules', () => {
    expect(retroPublication({ to: 'ACTIVE' }, promotion('ACTIVE', { retro: true }))).toBe(true);
    expect(retroPublication({ to: 'ACTIVE' }, promotion('ACTIVE'))).toBe(false);
    expect(retroPublication({ to: 'ENDED' }, promotion('ENDED', { retro: true }))).toBe(false);
    expect(retroPublication({ to: 'ACTIVE' }, promotion('ACTIVE', { retro: true, rules: 0 }))).toBe(false);
  });
});
