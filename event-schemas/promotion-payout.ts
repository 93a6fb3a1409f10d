import * as t from 'io-ts';
import { IsoDate, NonNegativeInteger, PositiveInteger } from './primitives';

/*
 * A promotion's payout and rules section as stored in its events (admin spec section 3, CONTRACT.md "Promotions: the
 * wizard and payouts"). The wizard's input codec (server/promotions/wizard-record.ts) applies the spec's defaults and
 * checks the rules; what is stored here is already complete.
 */

/** What a promotion pays: points (an award lot like any other) or a certificate of its category. */
export const PromotionAwardType = t.keyof({ POINT: null, CERTIFICATE: null });
export type PromotionAwardType = t.TypeOf<typeof PromotionAwardType>;

/** `units`: `award` points per unit measured; `flat`: `award` points once. */
export const PayMethod = t.keyof({ units: null, flat: null });
export type PayMethod = t.TypeOf<typeof PayMethod>;

/** One step of a rule: met when the measure is at least `target` (compareOp `gteq`, the only one the spec shows). */
export const PayoutTier = t.type({
  award: NonNegativeInteger,
  compareOp: t.literal('gteq'),
  target: PositiveInteger,
  payMethod: PayMethod,
  min: t.union([NonNegativeInteger, t.null]),
  max: t.union([NonNegativeInteger, t.null]),
});
export type PayoutTier = t.TypeOf<typeof PayoutTier>;

/** A payout rule: the units of the products in `metricIds`, on one treatment, against the tiers. */
export const PayoutRule = t.type({
  ruleId: t.string,
  name: t.string,
  ruleType: t.literal('payout'),
  ruleStructure: t.literal('flat_payout'),
  measureType: t.literal('UNITS'),
  metricType: t.literal('product'),
  rewardBase: t.literal('rank_number'),
  metricIds: t.array(PositiveInteger),
  tiers: t.array(PayoutTier),
});
export type PayoutRule = t.TypeOf<typeof PayoutRule>;

/** The section itself. Fields the spec lists without a meaning here (game, frequency) are kept as they were given. */
export const PayoutAndRules = t.type({
  programActivityId: PositiveInteger,
  awardType: PromotionAwardType,
  /** For CERTIFICATE awards: the certificate category's id (its code is resolved when the promotion is saved). */
  awardSubTypeId: t.union([PositiveInteger, t.null]),
  retro: t.boolean,
  rewardDailyCap: t.union([PositiveInteger, t.null]),
  payoutFrequency: t.union([t.string, t.null]),
  payoutDays: t.union([NonNegativeInteger, t.null]),
  payoutStartDate: t.union([IsoDate, t.null]),
  payoutEndDate: t.union([IsoDate, t.null]),
  gameId: t.union([t.string, t.null]),
  gameAwardType: t.union([t.string, t.null]),
  rules: t.array(PayoutRule),
});
export type PayoutAndRules = t.TypeOf<typeof PayoutAndRules>;

/** What a promotion created before payout rules existed holds: nothing to pay. */
export const noPayoutRules: PayoutAndRules = {
  programActivityId: 1362,
  awardType: 'POINT',
  awardSubTypeId: null,
  retro: false,
  rewardDailyCap: null,
  payoutFrequency: null,
  payoutDays: null,
  payoutStartDate: null,
  payoutEndDate: null,
  gameId: null,
  gameAwardType: null,
  rules: [],
};
