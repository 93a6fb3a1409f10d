import type { EventOfType, MemberEvent } from '../../event-schemas';
import { GrowOnlyMap, GrowOnlySet } from '../core/grow-only';

export type PromotionAward = EventOfType<'PromotionAwardEarned'>['data'];

/**
 * What the member stream remembers of promotion payouts: which (promotion, treatment) pairs are paid (with the award,
 * so a certificate decided before a crash can still be issued), and the promotion points of each promotion per day
 * of service (its rewardDailyCap). Folded from the member stream beside the balance, like earning-state.ts.
 */
export interface PayoutState {
  paid: GrowOnlyMap<string, PromotionAward>;
  pointsByPromotionDay: GrowOnlyMap<string, number>;
  /** Treatments voided and reversed: a promotion pays them nothing afterwards, however the payout races the void. */
  reversedTreatments: GrowOnlySet<string>;
}

export const initialPayoutState: PayoutState = {
  paid: GrowOnlyMap.empty(),
  pointsByPromotionDay: GrowOnlyMap.empty(),
  reversedTreatments: GrowOnlySet.empty(),
};

export const payoutKey = (promotionId: string, treatmentId: string) => `${promotionId}|${treatmentId}`;
export const promotionDayKey = (promotionId: string, dateOfService: string) => `${promotionId}|${dateOfService}`;

export const evolvePayouts = (state: PayoutState, event: MemberEvent): PayoutState => {
  if (event.type === 'PointsReversed') return reversed(state, event.data.treatmentId);
  if (event.type !== 'PromotionAwardEarned') return state;
  const d = event.data;
  // Grow-only maps (server/core/grow-only.ts): a payout adds to them without copying the member's history.
  const paid = state.paid.with(payoutKey(d.promotionId, d.treatmentId), d);
  if (d.awardType !== 'POINT') return { ...state, paid };
  const day = promotionDayKey(d.promotionId, d.dateOfService);
  return { ...state, paid, pointsByPromotionDay: state.pointsByPromotionDay.with(day, (state.pointsByPromotionDay.get(day) ?? 0) + d.amount) };
};

/**
 * A reversed treatment pays no promotion again, and the promotion points it was paid leave their day's tally: the
 * reversal took them back, so a later treatment of that day has the daily cap's room they held. Reversals are rare, so
 * walking the paid awards here costs nothing on the award path.
 */
function reversed(state: PayoutState, treatmentId: string): PayoutState {
  let pointsByPromotionDay = state.pointsByPromotionDay;
  for (const award of state.paid.values()) {
    if (award.treatmentId !== treatmentId || award.awardType !== 'POINT') continue;
    const day = promotionDayKey(award.promotionId, award.dateOfService);
    pointsByPromotionDay = pointsByPromotionDay.with(day, Math.max(0, (pointsByPromotionDay.get(day) ?? 0) - award.amount));
  }
  return { ...state, pointsByPromotionDay, reversedTreatments: state.reversedTreatments.with(treatmentId) };
}
