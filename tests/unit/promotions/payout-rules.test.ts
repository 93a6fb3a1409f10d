import { bestRule, cappedAmount, compileRules, evaluateRule, tierAward, tierMet, unitsOf } from '../../../server/promotions/payout-rules';
import { FILLER, NEUROMODULATOR, rule, SERUM, tier } from './payout-fixtures';

describe('payout rule semantics (CONTRACT.md)', () => {
  it('measures the units of the rule’s products only', () => {
    const lines = [
      { productId: NEUROMODULATOR, quantity: 8 },
      { productId: SERUM, quantity: 40 },
      { productId: NEUROMODULATOR, quantity: 4 },
    ];
    expect(unitsOf(rule(), lines)).toBe(12);
    expect(unitsOf(rule({ metricIds: [FILLER] }), lines)).toBe(0);
  });

  it('pays the highest tier met (gteq), whatever order the tiers are written in', () => {
    const tiers = [tier(20, { award: 3 }), tier(10, { award: 2 }), tier(30, { award: 5 })];
    expect(tierMet(tiers, 9)).toBeUndefined();
    expect(tierMet(tiers, 10)?.target).toBe(10);
    expect(tierMet(tiers, 29)?.target).toBe(20);
    expect(tierMet(tiers, 30)?.target).toBe(30);
  });

  it('pays per unit or flat, bounded by min and max when set', () => {
    expect(tierAward(tier(10, { award: 2 }), 12)).toBe(24);
    expect(tierAward(tier(10, { award: 50, payMethod: 'flat' }), 12)).toBe(50);
    expect(tierAward(tier(10, { award: 2, min: 30 }), 12)).toBe(30);
    expect(tierAward(tier(10, { award: 2, max: 20 }), 12)).toBe(20);
    expect(tierAward(tier(10, { award: 2, min: 5, max: 100 }), 12)).toBe(24);
  });

  it('pays nothing under the lowest tier, for no units, or for an award of 0', () => {
    expect(evaluateRule(rule(), [{ productId: NEUROMODULATOR, quantity: 9 }])).toBeUndefined();
    expect(evaluateRule(rule(), [{ productId: SERUM, quantity: 90 }])).toBeUndefined();
    expect(evaluateRule(rule({ tiers: [tier(1, { award: 0 })] }), [{ productId: NEUROMODULATOR, quantity: 9 }])).toBeUndefined();
    expect(evaluateRule(rule(), [{ productId: NEUROMODULATOR, quantity: 20 }])).toEqual(expect.objectContaining({ units: 20, amount: 60 }));
  });

  it('of several rules, the one paying most is the payout; the first of equals wins', () => {
    const neuro = rule({ ruleId: 'neuro', tiers: [tier(10, { award: 2 })] });
    const filler = rule({ ruleId: 'filler', metricIds: [FILLER], tiers: [tier(1, { award: 100, payMethod: 'flat' })] });
    const lines = [
      { productId: NEUROMODULATOR, quantity: 12 },
      { productId: FILLER, quantity: 1 },
    ];
    expect(bestRule([neuro, filler], lines)?.rule.ruleId).toBe('filler');
    const twin = rule({ ruleId: 'twin', tiers: [tier(10, { award: 2 })] });
    expect(bestRule([neuro, twin], lines)?.rule.ruleId).toBe('neuro');
    expect(bestRule([], lines)).toBeUndefined();
  });

  it('caps what is left of the member’s day, never below 0, and leaves all without a cap', () => {
    expect(cappedAmount(60, null, 500)).toBe(60);
    expect(cappedAmount(60, 100, 0)).toBe(60);
    expect(cappedAmount(60, 100, 70)).toBe(30);
    expect(cappedAmount(60, 100, 100)).toBe(0);
    expect(cappedAmount(60, 100, 140)).toBe(0);
  });
});

describe('compileRules, the forecast’s bestRule', () => {
  it('answers as bestRule on 5,000 generated treatments and rule sets (tiers in any order, equal targets, min and max, flat and per unit)', () => {
    // A small deterministic generator: the same cases on every run.
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const products = [NEUROMODULATOR, FILLER, SERUM];
    for (let i = 0; i < 5000; i++) {
      const rules = Array.from({ length: 1 + next(3) }, (_, r) =>
        rule({
          ruleId: `r${r}`,
          metricIds: products.filter(() => next(2) === 0),
          tiers: Array.from({ length: 1 + next(3) }, () =>
            tier(1 + next(30), {
              award: next(5),
              payMethod: next(2) ? 'units' : 'flat',
              min: next(4) === 0 ? next(50) : null,
              max: next(4) === 0 ? next(80) : null,
            }),
          ),
        }),
      );
      const lines = Array.from({ length: next(4) }, () => ({ productId: products[next(3)], quantity: next(40) }));
      expect(compileRules(rules)(lines)).toEqual(bestRule(rules, lines));
    }
  });
});
