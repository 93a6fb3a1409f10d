import type { PayoutRule, PayoutTier } from '../../../event-schemas/promotion-payout';
import type { PayPromotion } from '../../../server/promotions/pay-promotion';
import { blankFacts } from '../../../server/promotions/wizard-record';

export const PROMOTION_ID = '3c1e2d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const NEUROMODULATOR = 11;
export const FILLER = 12;
export const SERUM = 13;

export const tier = (target: number, over: Partial<PayoutTier> = {}): PayoutTier => ({
  award: 1,
  compareOp: 'gteq',
  target,
  payMethod: 'units',
  min: null,
  max: null,
  ...over,
});

export const rule = (over: Partial<PayoutRule> = {}): PayoutRule => ({
  ruleId: 'rule-1',
  name: 'Neuromodulator units',
  ruleType: 'payout',
  ruleStructure: 'flat_payout',
  measureType: 'UNITS',
  metricType: 'product',
  rewardBase: 'rank_number',
  metricIds: [NEUROMODULATOR],
  tiers: [tier(10, { award: 2 }), tier(20, { award: 3 })],
  ...over,
});

/** A command paying PROMOTION_ID for one treatment; tests override what they examine. */
export const payCommand = (
  over: {
    rules?: PayoutRule[];
    cap?: number | null;
    awardType?: 'POINT' | 'CERTIFICATE';
    treatmentId?: string;
    dateOfService?: string;
    lines?: { productId: number; quantity: number }[];
  } = {},
): PayPromotion => ({
  paxId: 7,
  promotion: {
    promotionId: PROMOTION_ID,
    revision: 3,
    name: 'Spring Sparkle',
    payoutAndRules: {
      ...blankFacts(PROMOTION_ID).payoutAndRules,
      awardType: over.awardType ?? 'POINT',
      rewardDailyCap: over.cap ?? null,
      rules: over.rules ?? [rule()],
    },
    certificate: over.awardType === 'CERTIFICATE' ? { categoryCode: 'GLOW_OFFER', name: 'Glow offer', value: 25, expirationDays: 60 } : null,
  },
  treatment: {
    treatmentId: over.treatmentId ?? '0f0e0d0c-0b0a-4909-8807-060504030201',
    dateOfService: over.dateOfService ?? '2026-04-10',
    lines: over.lines ?? [{ productId: NEUROMODULATOR, quantity: 12 }],
  },
  today: '2026-04-11',
  expiryMonths: 12,
});
