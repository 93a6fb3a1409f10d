export const percentile = (sorted: number[], p: number): number => {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
};

export const summarize = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
};

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * What `pairedShare` found: the median of the pairs' shares, its quartiles, an interval that holds the true median
 * with the stated confidence (see medianInterval), and every pair's share in run order.
 */
export interface PairedShare {
  median: number;
  q1: number;
  q3: number;
  low: number;
  high: number;
  confidence: number;
  shares: number[];
}

/** C(n, k) / 2^n: the chance that exactly k of n samples fall below the median. */
const halfBinomial = (n: number, k: number): number => {
  let p = Math.pow(0.5, n);
  for (let i = 1; i <= k; i++) p = (p * (n - i + 1)) / i;
  return p;
};

/**
 * A distribution-free interval for the median of what `sorted` samples: its j-th smallest and j-th largest samples,
 * with j the largest rank for which the interval still holds the median with at least `wanted` confidence (each sample
 * falls below the median with chance 1/2). With 9 samples that is the 2nd to the 8th (96.1%), with 15 the 4th to the
 * 12th (96.5%). Under 6 samples no pair of them reaches 95%: the extremes, with their own confidence.
 */
export function medianInterval(sorted: number[], wanted = 0.95): { low: number; high: number; confidence: number } {
  const n = sorted.length;
  if (n === 0) return { low: NaN, high: NaN, confidence: 0 };
  // Confidence of [j-th smallest, j-th largest] = 1 - 2 * P(fewer than j samples below the median).
  const confidenceOf = (j: number) => {
    let below = 0;
    for (let k = 0; k < j; k++) below += halfBinomial(n, k);
    return 1 - 2 * below;
  };
  let j = 1;
  while (j + 1 <= Math.ceil(n / 2) && confidenceOf(j + 1) >= wanted) j++;
  return { low: sorted[j - 1], high: sorted[n - j], confidence: confidenceOf(j) };
}

/**
 * A budget's verdict from a median's interval: met only when the whole interval is within it, NOT met when the whole
 * interval is over it, and undecided when the interval holds the budget (the runs cannot tell the two apart).
 */
export const budgetVerdict = (share: Pick<PairedShare, 'low' | 'high'>, budget: number): 'met' | 'NOT met' | 'undecided' =>
  share.high <= budget ? 'met' : share.low > budget ? 'NOT met' : 'undecided';

/**
 * How much `withIt` adds to `without` (seconds each), run `pairs` times: a pair runs one right after the other, in
 * turns of order (without first, then with it first), and gives one share (by default what it adds over what it adds
 * to). On a shared 2-core machine rebuilds of one history took from 3.6 to 5.2 s within a few minutes, and the best of
 * a few runs on each side swung a 10% budget's verdict either way from run to run: a drift slower than a pair cancels
 * in its share, and the median of many shares outvotes a slow spell.
 */
export async function pairedShare(
  pairs: number,
  without: () => Promise<number>,
  withIt: () => Promise<number>,
  share = (base: number, added: number) => added / base - 1,
): Promise<PairedShare> {
  const shares: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let base: number;
    let added: number;
    if (i % 2 === 0) {
      base = await without();
      added = await withIt();
    } else {
      added = await withIt();
      base = await without();
    }
    shares.push(share(base, added));
  }
  return summarizeShares(shares);
}

/** The median of pairs' shares (in run order), its quartiles and the interval that holds the true median. */
export function summarizeShares(shares: number[]): PairedShare {
  const sorted = [...shares].sort((x, y) => x - y);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
  return { median, q1: percentile(sorted, 25), q3: percentile(sorted, 75), ...medianInterval(sorted), shares };
}
