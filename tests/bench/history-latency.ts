import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { encodeEvent, memberStream, PointsAwarded } from '../../event-schemas';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { seedDemo } from '../../server/seed/demo';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';

/**
 * Award latency (POST /admin/participants/{paxId}/points, one at a time) to a member whose stream holds `events`
 * events, against a new member's in the same run (the baseline). Target: at most 1.5x. The long history is appended
 * straight to the store in 100-event appends (5,000 awards through HTTP would take the bench longer than the
 * measurement). The first award to the long stream (a cold state cache: the whole stream is read once) is shown apart.
 */
export async function benchHistoryLatency(options = { events: 5_000, awards: 150 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: settingsFromEnv(),
    embedded: true,
    log: () => undefined,
    poolSize: 20,
    runScheduler: false,
  });
  await seedDemo(runtime.deps.pool, () => undefined);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool, store } = runtime.deps;
  try {
    const admin = await createSession(pool, 1);
    const newMember = async (name: string) =>
      Number(
        (
          await pool.query<{ pax_id: string }>(
            `INSERT INTO participants (first_name, last_name, username, password_hash) VALUES ('Bench', 'History', $1, 'x') RETURNING pax_id`,
            [name],
          )
        ).rows[0].pax_id,
      );
    const long = await newMember(`history-long-${randomUUID()}@example.com`);
    const fresh = await newMember(`history-new-${randomUUID()}@example.com`);
    const started = Date.now();
    const meta = {
      actor: { kind: 'system' as const, job: 'bench' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    for (let i = 0; i < options.events; i += 100) {
      const batch = Array.from({ length: Math.min(100, options.events - i) }, (_, j) =>
        encodeEvent(
          randomUUID(),
          PointsAwarded.of({
            paxId: long,
            lotId: `bench-${i + j}`,
            amount: 1,
            description: 'history',
            source: 'BONUS',
            expirationDate: '2099-01-01',
            idempotencyKey: null,
          }),
          meta,
        ),
      );
      await store.appendToStream(memberStream(long), batch, { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    }
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    const award = async (paxId: number) => {
      const t = performance.now();
      const r = await fetch(`${base}/api/rest/admin/participants/${paxId}/points`, {
        method: 'POST',
        headers: { 'auth-token': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1, description: 'bench', idempotencyKey: randomUUID() }),
      });
      if (r.status !== 201) throw new Error(`award: ${r.status} ${await r.text()}`);
      return performance.now() - t;
    };
    const firstLong = await award(long);
    await award(fresh);
    const longSamples: number[] = [];
    const freshSamples: number[] = [];
    // Alternated, so both see the same machine and the same projection load.
    for (let i = 0; i < options.awards; i++) {
      longSamples.push(await award(long));
      freshSamples.push(await award(fresh));
    }
    const l = summarize(longSamples);
    const f = summarize(freshSamples);
    const ratio = l.p50 / f.p50;
    return [
      `award latency by history length: ${options.events.toLocaleString('en-US')} events (appended in ${seeded} s) against a new member, ${options.awards} awards each, alternated`,
      `  first award to the long stream (state cache cold, whole stream read): ${ms(firstLong)}`,
      `  long history  p50 ${ms(l.p50)}  p99 ${ms(l.p99)}`,
      `  new member    p50 ${ms(f.p50)}  p99 ${ms(f.p99)}   (baseline)`,
      `  ratio p50: ${ratio.toFixed(2)}x   target at most 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
    ].join('\n');
  } finally {
    server.close();
    await runtime.stop();
    await db.drop();
  }
}
