import { budgetVerdict, medianInterval } from '../bench/stats';

const ranks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The chance that [j-th smallest, j-th largest] of n samples holds the median, summed from the binomial by hand. */
const coverage = (n: number, j: number) => {
  let below = 0;
  let c = 1;
  for (let k = 0; k < j; k++) {
    below += c;
    c = (c * (n - k)) / (k + 1);
  }
  return 1 - (2 * below) / 2 ** n;
};

describe("the benches' interval for a median", () => {
  it('takes the 2nd to the 8th of 9 samples and the 4th to the 12th of 15, the narrowest with 95% confidence', () => {
    expect(medianInterval(ranks(9))).toEqual({ low: 2, high: 8, confidence: coverage(9, 2) });
    expect(coverage(9, 2)).toBeCloseTo(0.961, 3);
    expect(coverage(9, 3)).toBeLessThan(0.95);
    expect(medianInterval(ranks(15))).toEqual({ low: 4, high: 12, confidence: coverage(15, 4) });
    expect(coverage(15, 4)).toBeCloseTo(0.965, 3);
    expect(coverage(15, 5)).toBeLessThan(0.95);
  });

  it('is never narrower than its confidence allows, for any number of samples', () => {
    for (let n = 6; n <= 60; n++) {
      const { low, high, confidence } = medianInterval(ranks(n));
      expect(confidence).toBeGreaterThanOrEqual(0.95);
      expect(high - low).toBeGreaterThanOrEqual(0);
      // One rank narrower on each side would fall short of 95%.
      if (low + 1 <= n - low) expect(coverage(n, low + 1)).toBeLessThan(0.95);
    }
  });

  it('answers the extremes, with their lower confidence, when too few samples reach 95%', () => {
    expect(medianInterval([3, 1, 2].sort((a, b) => a - b))).toEqual({ low: 1, high: 3, confidence: 0.75 });
    expect(medianInterval([]).confidence).toBe(0);
  });
});

describe("a budget's verdict from the interval", () => {
  it('is met only when the whole interval is within the budget, NOT met only when all of it is over', () => {
    expect(budgetVerdict({ low: 0.02, high: 0.1 }, 0.1)).toBe('met');
    expect(budgetVerdict({ low: 0.101, high: 0.2 }, 0.1)).toBe('NOT met');
    expect(budgetVerdict({ low: 0.05, high: 0.15 }, 0.1)).toBe('undecided');
    expect(budgetVerdict({ low: 0.1, high: 0.3 }, 0.1)).toBe('undecided');
  });
});
