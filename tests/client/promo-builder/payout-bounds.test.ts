import { amountRule } from '../../../event-schemas/contract/amount-bounds';
import {
  missingBeforePublish,
  mostPointsPerTreatment,
  payoutAmountErrors,
  unusualPayoutQuestion,
} from '../../../client/src/features/promo-builder/payout-bounds';
import { newDraft, newTier, type PromotionDraft, type TierDraft } from '../../../client/src/features/promo-builder/promo-draft';

const withTier = (tier: Partial<TierDraft>, over: Partial<PromotionDraft> = {}): PromotionDraft => {
  const d = newDraft('6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e');
  return { ...d, rules: [{ ...d.rules[0], metricIds: [1], tiers: [{ ...newTier(), target: '1', ...tier }] }], ...over };
};

describe('payout amounts against the shared bounds', () => {
  it('names every amount past its bound at once, in the server’s words', () => {
    const d = withTier({ award: '999999999999', max: '-5' }, { rewardDailyCap: '99999999999999' });
    expect(payoutAmountErrors(d)).toEqual({
      'payoutAndRules.rewardDailyCap': amountRule('promotionDailyCap'),
      'payoutAndRules.rules.0.tiers.0.award': amountRule('promotionAward'),
      'payoutAndRules.rules.0.tiers.0.max': amountRule('promotionTierLimit'),
    });
    expect(payoutAmountErrors(withTier({ award: 'abc' }))).toEqual({ 'payoutAndRules.rules.0.tiers.0.award': 'must be a whole number, written in digits' });
    expect(payoutAmountErrors(withTier({ award: '2', max: '300' }, { rewardDailyCap: '500' }))).toEqual({});
  });
});

describe('the second confirmation', () => {
  it('gives the most a treatment can pay: flat once, per unit up to the tier maximum, then the daily cap', () => {
    expect(mostPointsPerTreatment(withTier({ award: '50', payMethod: 'flat' }))).toBe(50);
    expect(mostPointsPerTreatment(withTier({ award: '2', max: '300' }))).toBe(300);
    expect(mostPointsPerTreatment(withTier({ award: '2' }))).toBe(Infinity);
    expect(mostPointsPerTreatment(withTier({ award: '2' }, { rewardDailyCap: '400' }))).toBe(400);
  });

  it('asks in figures only when the payout is far above the usual', () => {
    expect(unusualPayoutQuestion(withTier({ award: '9000', payMethod: 'flat' }))).toBe('This pays up to 9,000 points per treatment. Publish?');
    expect(unusualPayoutQuestion(withTier({ award: '2000' }))).toMatch(/^This pays 2,000 points per unit treated, with no maximum/);
    expect(unusualPayoutQuestion(withTier({ award: '2', max: '300' }))).toBeNull();
    expect(unusualPayoutQuestion(withTier({ award: '2' }))).toBeNull();
    expect(unusualPayoutQuestion(withTier({ award: '9000', payMethod: 'flat' }, { awardType: 'CERTIFICATE' }))).toBeNull();
  });
});

describe('publishing an empty promotion', () => {
  it('names what is missing before asking, in the server’s words', () => {
    const d = newDraft('6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e');
    expect(missingBeforePublish(d)).toEqual({
      'overview.name': 'is required',
      'overview.promotionCode': 'is required',
      'overview.fromDate': 'is required',
      'overview.thruDate': 'is required',
      'payoutAndRules.rules.0.tiers.0.target': 'is required (the units a treatment must reach)',
    });
    const filled = withTier({}, { name: 'Glow', promotionCode: 'GLOW', fromDate: '2026-04-01', thruDate: '2026-04-30' });
    expect(missingBeforePublish(filled)).toEqual({});
  });
});
