import type { EventOfType, MemberEvent } from '../../event-schemas';
import { GrowOnlyMap } from '../core/grow-only';

export type PromotionAward = EventOfType<'PromotionAwardEarned'>['data'];

/**
 * What the member stream remembers of promotion payouts: which (promotion, treatment) pairs are paid (with the award,
 * so a certificate decided before a crash can still be issued), and the promotion points of each promotion per day
 * of service (its rewardDailyCap). Folded from the member stream beside the balance, like earning-state.ts.
 */
export interface PayoutState {
  paid: GrowOnlyMap<string, PromotionAward>;
  pointsByPromotionDay: GrowOnlyMap<string, number>;
}

export const initialPayoutState: PayoutState = { paid: GrowOnlyMap.empty(), pointsByPromotionDay: GrowOnlyMap.empty() };

export const payoutKey = (promotionId: string, treatmentId: string) => `${promotionId}|${treatmentId}`;
export const promotionDayKey = (promotionId: string, dateOfService: string) => `${promotionId}|${dateOfService}`;

export const evolvePayouts = (state: PayoutState, event: MemberEvent): PayoutState => {
  if (event.type !== 'PromotionAwardEarned') return state;
  const d = event.data;
  // Grow-only maps (server/core/grow-only.ts): a payout adds to them without copying the member's history.
  const paid = state.paid.with(payoutKey(d.promotionId, d.treatmentId), d);
  if (d.awardType !== 'POINT') return { ...state, paid };
  const day = promotionDayKey(d.promotionId, d.dateOfService);
  return { paid, pointsByPromotionDay: state.pointsByPromotionDay.with(day, (state.pointsByPromotionDay.get(day) ?? 0) + d.amount) };
};
