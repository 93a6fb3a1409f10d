import type { AddressInfo } from 'node:net';
import { encodeEvent, memberStream, PointsAwarded } from '../../event-schemas';
import { HEADER_COLUMNS } from '../../projections/activity/activity-rows';
import { readCheckpoint } from '../../projections/runner';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { deterministicUuid } from '../../server/core/deterministic-id';
import { startRuntime } from '../../server/composition-root';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';

const SOURCES = ['ADMIN', 'BONUS', 'PROMOTION', 'REFERRAL', 'SURVEY'] as const;
const START = Date.parse('2023-01-01T18:00:00.000Z');

/**
 * GET /patients/:paxId/activity-headers latency for a member with 50,000 events against one with 10 (the baseline,
 * same calls in the same run): a page must cost the same however long the member's history is.
 */
export async function benchActivityHeaders(options = { events: 50_000, baselineEvents: 10, requests: 500, concurrency: 4 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: settingsFromEnv(),
    embedded: true,
    log: () => undefined,
    poolSize: 20,
    runScheduler: false,
  });
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool, store } = runtime.deps;
  try {
    const member = async (name: string, events: number) => {
      const r = await pool.query<{ pax_id: string }>(
        `INSERT INTO participants (first_name, last_name, username, password_hash) VALUES ('Bench', 'Activity', $1, 'x') RETURNING pax_id`,
        [`${name}@example.com`],
      );
      const paxId = Number(r.rows[0].pax_id);
      // Awards spread over three years, so date ranges cut the history in realistic places.
      const spacing = Math.floor((3 * 365 * 86_400_000) / events);
      for (let from = 0; from < events; from += 500) {
        const batch = Array.from({ length: Math.min(500, events - from) }, (_, k) => {
          const i = from + k;
          const source = SOURCES[i % SOURCES.length];
          const award = PointsAwarded.of({
            paxId,
            lotId: `${name}-${i}`,
            amount: 10,
            description: `${source.toLowerCase()} bonus`,
            source,
            expirationDate: '2030-01-01',
            idempotencyKey: null,
          });
          const meta = {
            actor: { kind: 'system' as const, job: 'bench' },
            correlationId: name,
            causationId: name,
            occurredAt: new Date(START + i * spacing).toISOString(),
          };
          return encodeEvent(deterministicUuid(`bench-activity/${name}/${i}`), award, meta);
        });
        await store.appendToStream(memberStream(paxId), batch, { expectedRevision: 'any' });
      }
      return { paxId, token: await createSession(pool, paxId) };
    };
    const heavy = await member('heavy', options.events);
    const light = await member('light', options.baselineEvents);
    const total = options.events + options.baselineEvents;
    // Every runner in the process (read models and process managers) must be idle, or the measurement would time
    // their catch-up sharing the event loop rather than the route.
    const caughtUp = async () => {
      const r = await pool.query<{ behind: number }>('SELECT count(*)::int AS behind FROM projection_checkpoints WHERE events_applied < $1', [total]);
      return r.rows[0].behind === 0 && (await readCheckpoint(pool, 'activity')).eventsApplied >= total;
    };
    while (!(await caughtUp())) await new Promise((r) => setTimeout(r, 200));
    // The steady state of a running server: autovacuum has set the visibility map (index-only counts) and statistics.
    await pool.query('VACUUM ANALYZE rm_activity');

    // Several pages and date ranges, as the activity summary asks for them.
    const queries = ['', '?page=1', '?page=4', '?start-date=2024-01-01&end-date=2024-12-31', '?start-date=2025-06-01&page=2', '?end-date=2023-03-31'];
    const measure = async (m: { paxId: number; token: string }) => {
      const samples: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (next < options.requests) {
            const q = queries[next++ % queries.length];
            const started = performance.now();
            const res = await fetch(`${base}/api/rest/patients/${m.paxId}/activity-headers${q}`, { headers: { 'auth-token': m.token } });
            const body = (await res.json()) as { items: unknown[] };
            if (res.status !== 200 || body.items.length > 10) throw new Error(`activity-headers ${q}: ${res.status}`);
            samples.push(performance.now() - started);
          }
        }),
      );
      return summarize(samples);
    };
    await measure(light); // warm-up: connections, plans, caches
    const baseline = await measure(light);
    const loaded = await measure(heavy);
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT ${HEADER_COLUMNS} FROM rm_activity a WHERE pax_id = $1 AND activity_date >= '2024-01-01' AND activity_date <= '2024-12-31'
       ORDER BY a.activity_date DESC, a.position_major DESC, a.position_minor DESC LIMIT 10 OFFSET 20`,
      [heavy.paxId],
    );
    const countPlan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT count(*) FROM rm_activity WHERE pax_id = $1`, [heavy.paxId]);
    // The page must be an index range scan with no sort. (The count reads the member's rows; where one member is
    // nearly the whole table, as here, a sequential scan is the planner's right choice for it.)
    const pageUsesIndex = plan.rows.some((r) => r['QUERY PLAN'].includes('rm_activity_by_member')) && !plan.rows.some((r) => r['QUERY PLAN'].includes('Sort'));
    const countPlanText = countPlan.rows.map((r) => r['QUERY PLAN'].trim().split('  (')[0]).join(' / ');
    const line = (label: string, s: ReturnType<typeof summarize>, ratio: number) =>
      `  ${label.padEnd(36)} p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  ${ratio.toFixed(2)}x baseline p99`;
    return [
      `GET activity-headers, ${options.requests} requests per member, ${options.concurrency} concurrent, pages 0-4 and date ranges:`,
      line(`baseline: ${options.baselineEvents} events`, baseline, 1),
      line(`${options.events.toLocaleString('en-US')} events`, loaded, loaded.p99 / baseline.p99),
      `  page query: index range scan on rm_activity_by_member without a sort: ${pageUsesIndex ? 'yes' : 'NO'}; count: ${countPlanText}`,
    ].join('\n');
  } finally {
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}
