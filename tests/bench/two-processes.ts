import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { dateIn } from '../../event-schemas/calendar';
import { createSession } from '../../server/auth/sessions';
import { connectToLocalDatabase } from '../../server/cli/local-database';
import { serverSettingsFromEnv, settingsFromEnv } from '../../server/config';
import { addDays } from '../../server/points/dates';
import { exited, spawnServer } from '../support/server-process';
import type { LoadResult, ScaleClientsSetup, ScaleCommand } from './scale-clients';
import { readSse } from './sse-reader';
import { ms, summarize } from './stats';

const SAMPLED_MEMBERS = 2_000;
const PHASE_MS = 10_000;
const AWARDS = 100;

/**
 * `npm run bench two-processes`: two server processes on the configured database (filled by `npm run
 * seed:synthetic`), as the README's "Beyond one machine" describes them. Measures, in one run, members' homes from 16
 * clients against one process (the baseline) and spread over both, and an award's way to a member's live stream when
 * the award is made on one process and the stream is held by the other, against both on the same process.
 */
export async function benchTwoProcesses(): Promise<string> {
  const settings = settingsFromEnv();
  const local = await connectToLocalDatabase(serverSettingsFromEnv());
  const pool = new pg.Pool({ connectionString: local.url, max: 4 });
  const out: string[] = [];
  const say = (...lines: string[]) => {
    out.push(...lines);
    for (const line of lines) process.stderr.write(`${line}\n`);
  };
  const children: ChildProcess[] = [];
  const workers: Worker[] = [];
  const abort = new AbortController();
  try {
    const size = await pool.query<{ members: string }>('SELECT count(*) AS members FROM participants WHERE NOT is_admin');
    const members = Number(size.rows[0].members);
    if (members < 1000) throw new Error(`${members} members: fill the database first (npm run seed:synthetic -- --members 1000000)`);
    say(`two processes on one database: ${members.toLocaleString('en-US')} members`);

    // Both processes run everything a production process runs (read models, live hub, jobs' scheduler, dispatcher).
    const start = () =>
      spawnServer(process.execPath, ['--import', 'tsx', 'server/index.ts'], '.tmp/two-processes-unused', { DATABASE_URL: local.url, EMBEDDED_PG_PORT: '' });
    const [a, b] = await Promise.all([start(), start()]);
    children.push(a.child, b.child);
    const baseA = `http://127.0.0.1:${a.port}`;
    const baseB = `http://127.0.0.1:${b.port}`;

    const sampled = await pool.query<{ pax_id: string }>(
      `SELECT pax_id FROM participants TABLESAMPLE SYSTEM (least(100, greatest(0.05, 100.0 * $1 / $2))) WHERE NOT is_admin LIMIT $1`,
      [SAMPLED_MEMBERS * 2, members],
    );
    const sessions = [];
    for (const r of sampled.rows.slice(0, SAMPLED_MEMBERS)) sessions.push({ paxId: Number(r.pax_id), token: await createSession(pool, Number(r.pax_id)) });
    const today = dateIn(settings.timeZone, new Date());
    const activityRange = { start: addDays(today, -365), end: today };

    // Clients on worker threads, as in `bench scale`: one set against A alone, one spread over A and B.
    const clientsOf = (setup: ScaleClientsSetup) => {
      const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./scale-clients.ts', import.meta.url).href)}); })`;
      const worker = new Worker(boot, { eval: true, workerData: setup });
      workers.push(worker);
      return <T>(c: ScaleCommand) =>
        new Promise<T>((resolve, reject) => {
          worker.once('error', reject);
          worker.once('message', (m: T) => {
            worker.off('error', reject);
            resolve(m);
          });
          worker.postMessage(c);
        });
    };
    const onA = clientsOf({ base: baseA, members: sessions, activityRange });
    const onBoth = clientsOf({ base: baseA, members: sessions.map((m, i) => ({ ...m, base: i % 2 === 0 ? baseA : baseB })), activityRange });
    const homes = async (ask: ReturnType<typeof clientsOf>) => {
      await ask<LoadResult>({ kind: 'load', what: 'home', clients: 16, ms: 3_000 });
      const r = await ask<LoadResult>({ kind: 'load', what: 'home', clients: 16, ms: PHASE_MS });
      return { ...summarize(r.samples), perSecond: r.samples.length / (r.ms / 1000), failures: r.failures };
    };
    const one = await homes(onA);
    const two = await homes(onBoth);
    say(
      `  member homes, 16 clients, one process      p50 ${ms(one.p50)}  p99 ${ms(one.p99)}  ${Math.round(one.perSecond)} homes/s (failures ${one.failures})`,
      `  member homes, 16 clients over two processes p50 ${ms(two.p50)}  p99 ${ms(two.p99)}  ${Math.round(two.perSecond)} homes/s (failures ${two.failures})` +
        `   ${(two.perSecond / one.perSecond).toFixed(2)}x the homes/s of one`,
    );

    // An award made on A, heard on a stream held by B; against the same award heard on A.
    const admin = await pool.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin) VALUES ('Two', 'Processes', $1, 'x', true) RETURNING pax_id`,
      [`two-processes-bench-${Date.now()}@example.com`],
    );
    const adminToken = await createSession(pool, Number(admin.rows[0].pax_id));
    const awardHeard = async (streamBase: string, m: { paxId: number; token: string }, samples: number[]) => {
      const arrived = new Map<string, number>();
      const heard = new AbortController();
      abort.signal.addEventListener('abort', () => heard.abort());
      await readSse(
        `${streamBase}/api/rest/live`,
        { 'auth-token': m.token },
        (kind, id) => kind === 'points' && id && arrived.set(id, performance.now()),
        heard.signal,
      );
      for (let i = 0; i < AWARDS / 2; i++) {
        const sentAt = performance.now();
        const res = await fetch(`${baseA}/api/rest/admin/participants/${m.paxId}/points`, {
          method: 'POST',
          headers: { 'auth-token': adminToken, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 10, description: 'Two-process bench award', idempotencyKey: `two-${Date.now()}-${m.paxId}-${i}` }),
        });
        const { position } = (await res.json()) as { position: string };
        const deadline = performance.now() + 5_000;
        while (!arrived.has(position) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
        if (arrived.has(position)) samples.push(arrived.get(position)! - sentAt);
      }
      heard.abort();
    };
    const same: number[] = [];
    const across: number[] = [];
    await awardHeard(baseA, sessions[0], same);
    await awardHeard(baseB, sessions[1], across);
    const s = summarize(same);
    const x = summarize(across);
    say(
      `  award on A heard on a stream held by A   p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  (${same.length} of ${AWARDS / 2})`,
      `  award on A heard on a stream held by B   p50 ${ms(x.p50)}  p99 ${ms(x.p99)}  (${across.length} of ${AWARDS / 2})   ${(x.p50 / s.p50).toFixed(2)}x the p50 on one process`,
    );
    return out.join('\n');
  } finally {
    abort.abort();
    for (const w of workers) await w.terminate();
    for (const c of children) {
      c.kill('SIGTERM');
      await exited(c);
    }
    await pool.end();
    await local.stop();
  }
}
