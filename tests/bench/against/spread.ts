import { resolve } from 'node:path';
import { startCluster, prepareTree, runProbe, median } from './against';
import { medianInterval } from '../stats';
import { probes } from './probes';

/**
 * A lighter driver of `--against` for bisecting by measurement: `npx tsx tests/bench/against/spread.ts <bench>
 * [--rounds N] <ref> ...` runs the bench's probe in each ref's tree (`.` for this tree as it is on disk), round after
 * round in turns of order (forward, then backward), on one cluster, and prints each ref's medians and their ratio to
 * the first ref's, also taken round by round. No statement counts unless AGAINST_COUNT=1 is set (then every round counts: slower).
 */
async function main() {
  const args = process.argv.slice(2);
  const bench = args.shift()!;
  const probe = probes[bench];
  if (!probe) throw new Error(`spread measures ${Object.keys(probes).join(' or ')}, not ${bench}`);
  const roundsAt = args.indexOf('--rounds');
  const rounds = roundsAt < 0 ? 2 : Number(args.splice(roundsAt, 2)[1]);
  const trees = args.map((ref) => (ref === '.' ? { ref, dir: resolve('.') } : { ref, dir: prepareTree(ref).dir }));
  const cluster = await startCluster();
  const results = new Map<string, Record<string, unknown>[]>(trees.map((t) => [t.ref, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      for (const tree of r % 2 === 0 ? trees : [...trees].reverse()) {
        const result = await runProbe(tree.dir, probe.path, { TEST_PG_ADMIN_URLS: cluster.url, TEST_PG_ADMIN_URL: cluster.url });
        results.get(tree.ref)!.push(result);
        console.error(`  round ${r + 1} ${tree.ref}: ${probe.brief(result)}`);
      }
    }
  } finally {
    await cluster.stop();
  }
  const first = results.get(trees[0].ref)!;
  for (const tree of trees) {
    const mine = results.get(tree.ref)!;
    const cells = probe.figures.map((f) => {
      const m = median(mine.map(f.read));
      // Round by round against the first ref (run in the same round, seconds apart): the machine's slow spells, which
      // move every tree of a round together, mostly cancel out of these, where they spread the medians' own rounds.
      const paired = mine.map((x, r) => f.read(x) / f.read(first[r])).sort((a, b) => a - b);
      const interval = medianInterval(paired);
      return (
        `${f.label} ${f.format(m)} (x${(m / median(first.map(f.read))).toFixed(3)}; round by round x${median(paired).toFixed(3)}, ` +
        `${interval.low.toFixed(3)} to ${interval.high.toFixed(3)} at ${(interval.confidence * 100).toFixed(0)}%; rounds ${mine.map((x) => f.format(f.read(x))).join(' ')})`
      );
    });
    console.log(`${tree.ref.padEnd(10)} ${cells.join(' | ')}`);
  }
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
