import { recordProblemsOf } from '../../../client/src/features/promo-builder/record-checks';
import { newDraft, newTier, type PromotionDraft, type TierDraft } from '../../../client/src/features/promo-builder/promo-draft';

const filled = (tiers: Partial<TierDraft>[], over: Partial<PromotionDraft> = {}): PromotionDraft => {
  const d = newDraft('6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e');
  return {
    ...d,
    name: 'Glow',
    promotionCode: 'GLOW-1',
    fromDate: '2026-12-05',
    thruDate: '2027-02-28',
    rules: [{ ...d.rules[0], metricIds: [1], tiers: tiers.map((t) => ({ ...newTier(), ...t })) }],
    ...over,
  };
};

// Issue 54, item 2: these passed the form and were refused one per attempt, after "Publish this promotion?".
describe('the promotion record rule, shared with the server', () => {
  it('names a negative target, a minimum above the maximum and reversed dates, all at once', () => {
    const d = filled([{ target: '-5' }, { target: '10', min: '50', max: '10' }], { fromDate: '2027-02-28', thruDate: '2026-12-05' });
    expect(recordProblemsOf(d, 'publish', '2026-12-01')).toEqual({
      'overview.thruDate': 'must not be before the start date',
      'payoutAndRules.rules.0.tiers.0.target': 'must be a whole number above 0',
      'payoutAndRules.rules.0.tiers.1.max': 'must not be below the minimum',
    });
  });

  it('finds nothing in a complete promotion, and asks a publish for a window not over', () => {
    expect(recordProblemsOf(filled([{ target: '5', min: '10', max: '50' }]), 'publish', '2026-12-01')).toEqual({});
    expect(recordProblemsOf(filled([{ target: '5' }]), 'publish', '2027-03-01')).toEqual({ 'overview.thruDate': 'must not be in the past to publish' });
    expect(recordProblemsOf(filled([{ target: '1.5' }, { target: '' }]), 'save', '2026-12-01')).toEqual({
      'payoutAndRules.rules.0.tiers.0.target': 'must be a whole number above 0',
      'payoutAndRules.rules.0.tiers.1.target': 'is required (the units a treatment must reach)',
    });
  });
});
