import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { createSession } from '../../../server/auth/sessions';
import { startRuntime } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { seedDemo } from '../../../server/seed/demo';
import { createTestDatabase } from '../../support/test-db';
import type { AwardClientsSetup, PhaseResult } from '../award-clients';
import { postgresCpuReader } from '../pg-cpu';
import { cpuSecondsOfStat } from '../process-cpu';
import { profileWhile } from '../profile';
import { countWhile, type StatementCounts } from './statement-counts';

/**
 * One round of `bench awards --against`, in whichever tree it was copied into (tests/bench/against/against.ts copies
 * this folder, award-clients.ts, sse-reader.ts, pg-cpu.ts, process-cpu.ts and profile.ts over the compared tree, so both trees are
 * driven and measured by the same code and only the server differs). The load is `bench awards`' (8 clients, 200
 * members with 5 live tabs each); only the CPU is taken: this thread's (the server's: the clients are on a worker) and
 * that of the PostgreSQL cluster named by TEST_PG_ADMIN_URLS alone, where `bench awards` sums every postgres process
 * on the machine, other engineers' test clusters included. Prints one line, `AGAINST <json>`.
 */
const CLIENTS = 8;
const MEMBERS = 200;
const TABS = 5;
const WARM_MS = 3_000;
const PHASE_MS = Number(process.env.AGAINST_PHASE_MS ?? 10_000);
/**
 * Awards a second (AGAINST_RATE; 0 for as fast as 8 clients go, as `bench awards` does). A read-model batch costs the
 * same however few awards it carries and one begins at most every 25 ms, so the CPU per award falls as the rate rises:
 * driven as fast as it goes, a tree the machine's load slows down also pays for more batches per award (this tree
 * read 2.02 ms at 188 awards/s and 1.11 ms at 595/s minutes apart). At one rate both trees get the same batches.
 */
const RATE = Number(process.env.AGAINST_RATE ?? 250);

type Reply = { open: true } | { warm: true } | { phase: PhaseResult } | { singles: number };

export interface AwardRound {
  awards: number;
  awardsPerSecond: number;
  /** The rate asked for (0: as fast as the clients go). */
  rate: number;
  serverThreadMsPerAward: number;
  postgresMsPerAward: number;
  counts?: StatementCounts;
}

const threadCpuSeconds = () => cpuSecondsOfStat(readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8'));

async function round(): Promise<AwardRound> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({ databaseUrl: db.url, settings: settingsFromEnv(), embedded: true, log: () => undefined, poolSize: 30 });
  const pool: pg.Pool = runtime.deps.pool;
  await seedDemo(pool, () => undefined);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  let clients: Worker | undefined;
  try {
    const adminToken = await createSession(pool, 1);
    const members: { paxId: number; token: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const r = await pool.query<{ pax_id: string }>(
        `INSERT INTO participants (first_name, last_name, username, password_hash) VALUES ('Bench', 'Member', $1, 'x') RETURNING pax_id`,
        [`awards${i}@example.com`],
      );
      const paxId = Number(r.rows[0].pax_id);
      members.push({ paxId, token: await createSession(pool, paxId) });
    }
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const setup: AwardClientsSetup = {
      base,
      adminToken,
      members,
      tabs: TABS,
      clients: CLIENTS,
      phaseMs: PHASE_MS,
      warmMs: WARM_MS,
      singles: 40,
      rate: RATE || undefined,
    };
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('../award-clients.ts', import.meta.url).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: setup });
    clients = worker;
    const next = () =>
      new Promise<Reply>((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (m: Reply) => {
          worker.off('error', reject);
          resolve(m);
        });
      });
    await next();
    worker.postMessage('warm');
    await next();
    const postgresCpu = await postgresCpuReader(pool);
    if (!postgresCpu) throw new Error('bench --against needs the PostgreSQL cluster on this machine, to read its CPU from /proc');
    // BENCH_PROFILE=<file>: the phase's CPU profile of the server's thread (it adds to the figures: compare like with like).
    const stopProfile = await profileWhile('awards');
    const threadBefore = threadCpuSeconds();
    const postgresBefore = postgresCpu();
    worker.postMessage('run');
    const phase = ((await next()) as { phase: PhaseResult }).phase;
    const thread = threadCpuSeconds() - threadBefore;
    const postgres = postgresCpu() - postgresBefore;
    await stopProfile();
    if (phase.missing) throw new Error(`${phase.missing} awards were never pushed to all tabs`);
    const counts =
      process.env.AGAINST_COUNT === '1'
        ? await countWhile(pool, async () => {
            worker.postMessage('count');
            return ((await next()) as { phase: PhaseResult }).phase.count;
          })
        : undefined;
    return {
      awards: phase.count,
      awardsPerSecond: (phase.count * 1000) / phase.ms,
      rate: RATE,
      serverThreadMsPerAward: (thread * 1000) / phase.count,
      postgresMsPerAward: (postgres * 1000) / phase.count,
      counts,
    };
  } finally {
    clients?.postMessage('stop');
    await clients?.terminate();
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

round().then(
  (r) => {
    console.log(`AGAINST ${JSON.stringify(r)}`);
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
