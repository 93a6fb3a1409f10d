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

/** What `pairedShare` found: the median of the pairs' shares, its quartiles, and every pair's share in run order. */
export interface PairedShare {
  median: number;
  q1: number;
  q3: number;
  shares: number[];
}

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
  const sorted = [...shares].sort((x, y) => x - y);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
  return { median, q1: percentile(sorted, 25), q3: percentile(sorted, 75), shares };
}
