import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { ServerSettings } from '../config';
import { ensureDatabase } from '../db/ensure-database';
import { embeddedDatabaseUrl, startEmbeddedCluster } from '../db/embedded-cluster.mjs';

/**
 * The port the cluster in `dataDir` listens on while it runs: PostgreSQL writes it on the fourth line of
 * postmaster.pid. The server may have moved off 54329 (taken by something else), so the port is read, never assumed:
 * assuming it once meant a command could reach another checkout's cluster, with the same local credentials.
 */
function runningPort(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

async function answers(url: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded database of `npm start`: the running server's cluster if it is up,
 * else the same cluster started from DATA_DIR for the duration of the command (on the port the server would take).
 */
export async function connectToLocalDatabase(settings: ServerSettings): Promise<{ url: string; stop: () => Promise<void> }> {
  if (settings.databaseUrl) return { url: settings.databaseUrl, stop: async () => undefined };
  const dataDir = resolve(settings.dataDir);
  const running = runningPort(dataDir);
  if (running !== undefined && (await answers(embeddedDatabaseUrl(running, 'rewards')))) {
    return { url: embeddedDatabaseUrl(running, 'rewards'), stop: async () => undefined };
  }
  const cluster = await startEmbeddedCluster({
    dir: dataDir,
    port: settings.embeddedPgPort ?? 54329,
    portIsPreference: settings.embeddedPgPort === undefined,
  });
  return { url: await ensureDatabase(cluster.url, 'rewards'), stop: cluster.stop };
}

/**
 * The pool of a command run against the local database. pg's `pool.end()` answers before its connections have closed,
 * and stopping the embedded cluster right after ends them with an error the pool re-emits: unhandled, it crashed
 * `npm run projections:rebuild` after a million-member rebuild had finished and swapped in. Before the end, an idle
 * connection lost is said on stderr (the pool opens another for the next query, and a query that fails fails the command).
 */
export function commandPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => {
    if (!pool.ending) console.error(`database connection lost: ${error.message}`);
  });
  return pool;
}
