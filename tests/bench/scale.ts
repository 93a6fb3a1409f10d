import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { dateIn } from '../../event-schemas/calendar';
import { rebuildReadModels } from '../../projections/rebuild';
import { createSession } from '../../server/auth/sessions';
import { connectToLocalDatabase } from '../../server/cli/local-database';
import { registeredReadModels, startRuntime } from '../../server/composition-root';
import { serverSettingsFromEnv, settingsFromEnv } from '../../server/config';
import { addDays } from '../../server/points/dates';
import type { AwardsResult, LoadResult, ScaleClientsSetup, ScaleCommand } from './scale-clients';
import { ms, summarize } from './stats';

const SAMPLED_MEMBERS = 2_000;
const PHASE_MS = 10_000;

const cmp = (fieldCode: string, comparisonOperatorCode: string, ...values: (string | number)[]) => ({ fieldCode, comparisonOperatorCode, values });
const and = (c: unknown[], l: unknown[] = []) => ({ logicalOperatorCode: 'AND', comparisonExpressions: c, logicalExpressions: l });
const or = (c: unknown[], l: unknown[] = []) => ({ logicalOperatorCode: 'OR', comparisonExpressions: c, logicalExpressions: l });
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * `npm run bench scale`: what members and admins feel on the configured database (DATA_DIR's embedded one, or
 * DATABASE_URL), filled by `npm run seed:synthetic` with the server stopped. One run measures a member's home from 16
 * clients against the baseline read of a member by primary key, admin awards while 8 clients read homes, admin search,
 * a nested group's count, a forecast over the last 90 days, each nightly job on today, a full rebuild, disk bytes per
 * event and memory with 1,000 live streams. It changes the programme as a day of it would: awards, today's
 * treatments processed, a group created.
 */
export async function benchScale(): Promise<string> {
  const settings = settingsFromEnv();
  const local = await connectToLocalDatabase(serverSettingsFromEnv());
  const runtime = await startRuntime({ databaseUrl: local.url, settings, embedded: false, log: () => undefined, poolSize: 20, runScheduler: false });
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool, store } = runtime.deps;
  const out: string[] = [];
  // Each figure also goes to stderr as it is measured: at a million members the run takes a while (its rebuild alone
  // most of half an hour), and what was measured before a stop is not lost.
  const say = (...lines: string[]) => {
    out.push(...lines);
    for (const line of lines) process.stderr.write(`${line}\n`);
  };
  let worker: Worker | undefined;
  try {
    const size = await pool.query<{ members: string; events: string }>(
      `SELECT (SELECT count(*) FROM participants WHERE NOT is_admin) AS members, (SELECT count(*) FROM es_events) AS events`,
    );
    const members = Number(size.rows[0].members);
    const events = Number(size.rows[0].events);
    if (members < 1000) throw new Error(`${members} members: fill the database first (npm run seed:synthetic -- --members 1000000)`);
    say(`scale: ${members.toLocaleString('en-US')} members, ${events.toLocaleString('en-US')} events`);
    const today = dateIn(settings.timeZone, new Date());

    // Members sampled uniformly over the programme (TABLESAMPLE reads a few pages, not the table), each with a session.
    const sampled = await pool.query<{ pax_id: string }>(
      `SELECT pax_id FROM participants TABLESAMPLE SYSTEM (least(100, greatest(0.05, 100.0 * $1 / $2))) WHERE NOT is_admin LIMIT $1`,
      [SAMPLED_MEMBERS * 2, members],
    );
    const sample = sampled.rows.slice(0, SAMPLED_MEMBERS).map((r) => Number(r.pax_id));
    const sessions = [];
    for (const paxId of sample) sessions.push({ paxId, token: await createSession(pool, paxId) });
    const admin = await pool.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin) VALUES ('Scale', 'Bench', $1, 'x', true) RETURNING pax_id`,
      [`scale-bench-${Date.now()}@example.com`],
    );
    const adminToken = await createSession(pool, Number(admin.rows[0].pax_id));
    const adminCall = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}/api/rest${path}`, {
        method,
        headers: { 'auth-token': adminToken, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      const t0 = performance.now();
      const r = await run();
      return [r, performance.now() - t0];
    };

    const setup: ScaleClientsSetup = { base, members: sessions, activityRange: { start: addDays(today, -365), end: today } };
    // A worker does not inherit tsx's loader: its first line registers it, then loads the TypeScript entry.
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./scale-clients.ts', import.meta.url).href)}); })`;
    const clients = new Worker(boot, { eval: true, workerData: setup });
    worker = clients;
    const ask = <T>(c: ScaleCommand) =>
      new Promise<T>((resolve, reject) => {
        clients.once('error', reject);
        clients.once('message', (m: T) => {
          clients.off('error', reject);
          resolve(m);
        });
        clients.postMessage(c);
      });

    // Homes from 16 clients, against the baseline read by primary key from as many; both warmed first.
    await ask<LoadResult>({ kind: 'load', what: 'profile', clients: 16, ms: 2_000 });
    const baseline = await ask<LoadResult>({ kind: 'load', what: 'profile', clients: 16, ms: PHASE_MS });
    await ask<LoadResult>({ kind: 'load', what: 'home', clients: 16, ms: 3_000 });
    const homes = await ask<LoadResult>({ kind: 'load', what: 'home', clients: 16, ms: PHASE_MS });
    const b = summarize(baseline.samples);
    const h = summarize(homes.samples);
    const homesPerSecond = homes.samples.length / (homes.ms / 1000);
    say(
      `  baseline GET /participants/{paxId}, 16 clients   p50 ${ms(b.p50)}  p99 ${ms(b.p99)}  ${Math.round(baseline.samples.length / (baseline.ms / 1000))}/s`,
      `  member home (points, certificates, activity), 16 clients   p50 ${ms(h.p50)}  p99 ${ms(h.p99)}  ${Math.round(homesPerSecond)} homes/s` +
        `  (${(h.p99 / b.p99).toFixed(1)}x baseline p99; failures ${homes.failures})   target p99 <= 100 ms and >= 400/s: ${verdict(h.p99 <= 100 && homesPerSecond >= 400)}`,
    );

    // Admin awards, one at a time, while 8 clients read homes (the admin a client on the clients' thread, as the members).
    // Warmed first, as the homes are: the first awards of a process compile the award's code path.
    await ask<AwardsResult>({ kind: 'awards', readers: 8, ms: 3_000, adminToken, paxIds: sample });
    const awarding = await ask<AwardsResult>({ kind: 'awards', readers: 8, ms: PHASE_MS, adminToken, paxIds: sample });
    const a = summarize(awarding.awards);
    say(
      `  admin award while 8 clients read homes   p50 ${ms(a.p50)}  p99 ${ms(a.p99)}  (${awarding.awards.length} awards; homes meanwhile p99 ${ms(summarize(awarding.homes.samples).p99)})   target p99 <= 50 ms: ${verdict(a.p99 <= 50)}`,
    );

    // Admin search: a name prefix and an e-mail.
    const person = await pool.query<{ last_name: string; username: string }>('SELECT last_name, username FROM participants WHERE pax_id = $1', [sample[0]]);
    for (const [label, term] of [
      ['name prefix', person.rows[0].last_name.slice(0, 3)],
      ['e-mail', person.rows[0].username],
    ]) {
      const samples: number[] = [];
      let found = 0;
      for (let i = 0; i < 30; i++) {
        const [r, t] = await timed(() => adminCall('GET', `/admin/participants?search=${encodeURIComponent(term)}`));
        samples.push(t);
        found = ((r.items ?? r.participants ?? []) as unknown[]).length || Number(r.totalElements ?? 0);
      }
      const s = summarize(samples);
      say(
        `  admin search by ${label} "${term}"   p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  (${found} on the first page)   target <= 100 ms: ${verdict(s.p99 <= 100)}`,
      );
    }

    // A nested group's count.
    const group = await adminCall('POST', '/participants/search', {
      logicalExpression: and(
        [cmp('postalCode', 'STARTS_WITH', '9')],
        [or([cmp('ageYears', 'BETWEEN', 25, 40), cmp('enrolledDate', 'GTE', addDays(today, -180))])],
      ),
    });
    const countSamples: number[] = [];
    let memberCount = 0;
    for (let i = 0; i < 5; i++) {
      const [r, t] = await timed(() => adminCall('GET', `/participants/search/${group.id}`));
      countSamples.push(t);
      memberCount = Number(r.memberCount);
    }
    const g = summarize(countSamples);
    say(
      `  nested group count (ZIP 9… AND (age 25-40 OR enrolled in 180 days))   p50 ${ms(g.p50)}  max ${ms(g.max)}  (${memberCount} members)   target <= 500 ms: ${verdict(g.max <= 500)}`,
    );

    // A forecast of the demo promotion's rules over the last 90 days of the whole programme.
    const products = await pool.query<{ id: string; category: string; points_per_unit: number }>(
      'SELECT id, category, points_per_unit FROM products ORDER BY id',
    );
    const perUnit = products.rows.filter((p) => p.category === 'TREATMENT' && p.points_per_unit <= 5).map((p) => Number(p.id));
    const perSyringe = products.rows.filter((p) => p.category === 'TREATMENT' && p.points_per_unit > 5).map((p) => Number(p.id));
    const record = {
      overview: { fromDate: addDays(today, 10), thruDate: addDays(today, 40) },
      payoutAndRules: {
        awardType: 'POINT',
        rewardDailyCap: 150,
        rules: [
          { name: 'Neuromodulator', metricIds: perUnit, tiers: [{ target: 20, award: 2 }] },
          { name: 'Filler', metricIds: perSyringe, tiers: [{ target: 1, award: 100, payMethod: 'flat' }] },
        ],
      },
    };
    const forecastSamples: number[] = [];
    let forecast: Record<string, unknown> = {};
    for (let i = 0; i < 3; i++) {
      const [r, t] = await timed(() => adminCall('POST', '/wizard/promotions/forecast', record));
      forecastSamples.push(t);
      forecast = r;
    }
    const f = summarize(forecastSamples);
    say(
      `  promotion forecast over the last 90 days   p50 ${ms(f.p50)}  max ${ms(f.max)}  (${forecast.treatments} treatments, ${forecast.members} members, ${forecast.points} points)   target <= 2 s: ${verdict(f.max <= 2000)}`,
    );

    // Each nightly job on today (today's treatments are the ones pending).
    for (const job of ['process-treatments', 'expire-points', 'expire-certificates', 'campaign-reminders']) {
      const [r, t] = await timed(() => adminCall('POST', `/admin/jobs/${job}`, { asOf: today }));
      const { position: _position, ...work } = r;
      say(`  nightly ${job.padEnd(20)} ${ms(t).padStart(10)}  ${JSON.stringify(work)}   target <= 60 s: ${verdict(t <= 60_000)}`);
    }

    // Disk per event: the log (heap and indexes) and the read models.
    const disk = await pool.query<{ heap: string; indexes: string; read_models: string }>(
      `SELECT pg_relation_size('es_events') AS heap, pg_indexes_size('es_events') AS indexes,
              (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c WHERE c.relkind = 'r' AND c.relname = ANY($1)) AS read_models`,
      [[...new Set(registeredReadModels(settings).flatMap((p) => p.tables)), 'member_live_messages']],
    );
    const d = disk.rows[0];
    say(
      `  disk per event: log ${(Number(d.heap) / events).toFixed(0)} B + its indexes ${(Number(d.indexes) / events).toFixed(0)} B, read models ${(Number(d.read_models) / events).toFixed(0)} B` +
        `  (log ${mb(Number(d.heap))}, indexes ${mb(Number(d.indexes))}, read models ${mb(Number(d.read_models))})`,
    );

    // Memory with 1,000 live streams open (the clients are another thread of this process: RSS counts them too).
    const before = process.memoryUsage();
    const opened = await ask<number>({ kind: 'streams', count: 1_000 });
    global.gc?.();
    const after = process.memoryUsage();
    say(
      `  memory with ${opened} live streams open: server heap ${mb(after.heapUsed)} (was ${mb(before.heapUsed)}), process RSS ${mb(after.rss)} with the clients   target <= 1 GiB: ${verdict(after.rss <= 1024 ** 3)}`,
    );
    await ask({ kind: 'stop' });

    // A full rebuild of every read model, while the server runs.
    const rebuilt = await rebuildReadModels(pool, store, registeredReadModels(settings));
    say(
      `  full rebuild of every read model: ${rebuilt.applied.toLocaleString('en-US')} events in ${rebuilt.seconds.toFixed(1)} s, ${rebuilt.eventsPerSecond.toLocaleString('en-US')} events/s   target >= 50,000/s: ${verdict(rebuilt.eventsPerSecond >= 50_000)}`,
    );
    return out.join('\n');
  } finally {
    await worker?.terminate();
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await local.stop();
  }
}
