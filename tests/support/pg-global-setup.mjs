// One real PostgreSQL for the whole jest run; each test file creates its own database in it (tests/support/test-db.ts).
// With DATABASE_URL set, that server is used instead and nothing is started.
import { rmSync } from 'node:fs';
import { startEmbeddedCluster } from '../../server/db/embedded-cluster.mjs';

export default async function setup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = `.tmp/jest-pg-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  const lines = [];
  // Any free port: a fixed or pid-derived one collided with the end-to-end suite's server on a CI machine.
  // Throwaway (no fsync, no full-page writes): the run's databases die with it, and a commit then costs a fraction of
  // what it did (1,000 single-row commits: 4.6 and 6.4 s durable, 1.2 and 1.0 s throwaway, alternated on the shared
  // 2-core machine at load 19-23).
  const cluster = await startEmbeddedCluster({ dir, port: 0, throwaway: true, log: (l) => lines.push(l) }).catch((e) => {
    console.error(lines.slice(-20).join('\n'));
    throw e;
  });
  process.env.TEST_PG_ADMIN_URL = cluster.url;
  globalThis.__PG_CLUSTER__ = { ...cluster, dir };
}
