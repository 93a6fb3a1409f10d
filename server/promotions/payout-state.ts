import type { EventOfType, MemberEvent } from '../../event-schemas';

export type PromotionAward = EventOfType<'PromotionAwardEarned'>['data'];

/**
 * What the member stream remembers of promotion payouts: which (promotion, treatment) pairs are paid (with the award,
 * so a certificate decided before a crash can still be issued), and the promotion points of each promotion per day
 * of service (its rewardDailyCap). Folded from the member stream beside the balance, like earning-state.ts.
 */
export interface PayoutState {
  paid: ReadonlyMap<string, PromotionAward>;
  pointsByPromotionDay: ReadonlyMap<string, number>;
}

export const initialPayoutState: PayoutState = { paid: new Map(), pointsByPromotionDay: new Map() };

export const payoutKey = (promotionId: string, treatmentId: string) => `${promotionId}|${treatmentId}`;
export const promotionDayKey = (promotionId: string, dateOfService: string) => `${promotionId}|${dateOfService}`;

export const evolvePayouts = (state: PayoutState, event: MemberEvent): PayoutState => {
  if (event.type !== 'PromotionAwardEarned') return state;
  const d = event.data;
  const paid = new Map(state.paid).set(payoutKey(d.promotionId, d.treatmentId), d);
  if (d.awardType !== 'POINT') return { ...state, paid };
  const day = promotionDayKey(d.promotionId, d.dateOfService);
  return { paid, pointsByPromotionDay: new Map(state.pointsByPromotionDay).set(day, (state.pointsByPromotionDay.get(day) ?? 0) + d.amount) };
};
