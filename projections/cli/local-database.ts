import { resolve } from 'node:path';
import pg from 'pg';
import { embeddedDatabaseUrl, startEmbeddedCluster } from '../../server/db/embedded-cluster.mjs';

/**
 * DATABASE_URL when set; otherwise the embedded database of `npm start`: the running server's cluster if it is up,
 * else the same cluster started from DATA_DIR for the duration of the command.
 */
export async function connectToLocalDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const url = embeddedDatabaseUrl(port, 'rewards');
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return { url, stop: async () => undefined };
  } catch {
    const cluster = await startEmbeddedCluster({ dir: resolve(process.env.DATA_DIR ?? '.data'), port });
    return { url, stop: cluster.stop };
  }
}
