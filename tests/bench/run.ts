import { rmSync } from 'node:fs';
import { startEmbeddedCluster } from '../../server/db/embedded-cluster.mjs';
import { benchActivityHeaders } from './activity-headers';
import { benchAppendThroughput } from './append-throughput';
import { benchAgainst } from './against/against';
import { benchAwards } from './award-throughput';
import { benchAwardToSse } from './award-to-sse-latency';
import { benchClientWeight } from './client-weight';
import { benchGroupCount } from './group-count';
import { benchHistoryLatency } from './history-latency';
import { benchKeyring } from './keyring';
import { benchCaches } from './caches';
import { benchMailDispatch } from './mail-dispatch';
import { benchParticipantSearch } from './participant-search';
import { benchPromotionForecast } from './promotion-forecast';
import { benchRedemptions } from './redemption-throughput';
import { benchRebuild } from './rebuild-throughput';
import { benchRebuildFloor } from './rebuild-floor';
import { benchStore } from './store-throughput';
import { benchScale } from './scale';
import { benchPractice } from './practice';
import { benchTwoProcesses } from './two-processes';

/** `npm run bench [name ...]`: each benchmark prints its figures as ratios to a baseline measured in the same run. */
const benches: Record<string, (adminUrl: string) => Promise<string>> = {
  append: (url) => benchAppendThroughput(url),
  store: (url) => benchStore(url),
  sse: () => benchAwardToSse(),
  awards: () => benchAwards(),
  weight: () => benchClientWeight(),
  redeem: () => benchRedemptions(),
  activity: () => benchActivityHeaders(),
  search: () => benchParticipantSearch(),
  groups: () => benchGroupCount(),
  rebuild: () => benchRebuild(),
  forecast: () => benchPromotionForecast(),
  history: () => benchHistoryLatency(),
  mail: () => benchMailDispatch(),
  keyring: () => benchKeyring(),
  caches: () => benchCaches(),
  practice: () => benchPractice(),
};

/** Benches that measure the configured database (DATA_DIR or DATABASE_URL) as it is, and run only when named. */
const onTheConfiguredDatabase: Record<string, () => Promise<string>> = {
  scale: () => benchScale(),
  'two-processes': () => benchTwoProcesses(),
  'rebuild-floor': () => benchRebuildFloor(),
};

/** `--against <ref> [--rounds N]` after one bench's name: that bench, this tree against the ref (tests/bench/against/). */
function againstOptions(args: string[]): { ref: string; rounds: number } | undefined {
  const at = args.indexOf('--against');
  if (at < 0) return undefined;
  const ref = args[at + 1];
  if (!ref || ref.startsWith('--')) throw new Error('--against needs a git ref');
  const roundsAt = args.indexOf('--rounds');
  return { ref, rounds: roundsAt < 0 ? 3 : Number(args[roundsAt + 1]) };
}

async function main() {
  const args = process.argv.slice(2);
  const against = againstOptions(args);
  if (against) {
    const names = args.filter((a, i) => !a.startsWith('--') && !['--against', '--rounds'].includes(args[i - 1]));
    if (names.length !== 1) throw new Error('--against compares one bench: npm run bench awards -- --against <ref>');
    console.log(await benchAgainst(names[0], against.ref, against.rounds));
    process.exit(0);
  }
  const wanted = args;
  if (wanted.length === 1 && onTheConfiguredDatabase[wanted[0]]) {
    console.log(`node ${process.version}, ${wanted[0]}\n`);
    const started = Date.now();
    console.log(await onTheConfiguredDatabase[wanted[0]]());
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    process.exit(0);
  }
  const names = wanted.length ? wanted : Object.keys(benches);
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  const dir = '.tmp/bench-pg';
  if (!adminUrl) {
    rmSync(dir, { recursive: true, force: true });
    // Any free port: a fixed one was once taken by another process and the run failed.
    const cluster = await startEmbeddedCluster({ dir, port: 0 });
    adminUrl = cluster.url;
    stop = cluster.stop;
  }
  process.env.TEST_PG_ADMIN_URLS = adminUrl;
  console.log(`node ${process.version}, ${names.join(', ')}\n`);
  try {
    for (const name of names) {
      const bench = benches[name];
      if (!bench) throw new Error(`unknown bench ${name}; known: ${Object.keys(benches).join(', ')}`);
      const started = Date.now();
      console.log(await bench(adminUrl));
      console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    }
  } finally {
    await stop?.();
    if (stop) rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
