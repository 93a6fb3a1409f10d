// A real PostgreSQL for each jest worker; each test file creates its own database in its worker's cluster
// (tests/support/test-db.ts). With DATABASE_URL set, that server is used by every worker and nothing is started.
//
// Why a cluster per worker, not one for the run: the event store reads the log only below the oldest transaction still
// running (pg_snapshot_xmin), and transaction ids belong to the whole cluster, not to a database. A file holding a write
// transaction open (a seed's chunk, a rebuild's swap waiting on a reader, a test of exactly that) held back every other
// file's read models for as long, and a read-your-writes wait of 5 s then ran out on a loaded machine (promotion-tiles
// failed so in a full run). Files of one worker run one after another, so a cluster of its own is held back by its own
// file only.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { initialiseEmbeddedCluster, startEmbeddedCluster } from '../../server/db/embedded-cluster.mjs';

export default async function setup(globalConfig) {
  // Test members' passwords hashed at scrypt's least cost (server/auth/passwords.ts): the suite signs members up and in
  // thousands of times, and at the default cost each was 136 ms of CPU. Workers and the servers they start inherit it.
  process.env.PASSWORD_HASH_COST ??= '10';
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URLS = process.env.DATABASE_URL;
    return;
  }
  const root = `.tmp/jest-pg-${process.pid}`;
  rmSync(root, { recursive: true, force: true });
  const lines = [];
  const log = (l) => lines.push(l);
  const fail = (e) => {
    console.error(lines.slice(-20).join('\n'));
    throw e;
  };
  // Initialised once and copied (cp -a keeps the owner, the postgres user when run as root): initdb for each was
  // seconds of CPU apiece.
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
  await initialiseEmbeddedCluster({ dir: `${root}/initialised`, throwaway: true, log }).catch(fail);
  const dirs = Array.from({ length: workers }, (_, i) => `${root}/worker-${i + 1}`);
  for (const dir of dirs) execFileSync('cp', ['-a', `${root}/initialised`, dir]);
  // Any free port: a fixed or pid-derived one collided with the end-to-end suite's server on a CI machine.
  // Throwaway (no fsync, no full-page writes): the run's databases die with it, and a commit then costs a fraction of
  // what it did (1,000 single-row commits: 4.6 and 6.4 s durable, 1.2 and 1.0 s throwaway, alternated on the shared
  // 2-core machine at load 19-23).
  const clusters = await Promise.all(dirs.map((dir) => startEmbeddedCluster({ dir, port: 0, throwaway: true, log }))).catch(fail);
  // Worker n (JEST_WORKER_ID, from 1) takes the n-th; see test-db.ts.
  process.env.TEST_PG_ADMIN_URLS = clusters.map((c) => c.url).join(' ');
  globalThis.__PG_CLUSTERS__ = { clusters, root };
}
