import type { AddressInfo } from 'node:net';
import { settingsFromEnv } from '../../server/config';
import { createSession } from '../../server/auth/sessions';
import { startRuntime } from '../../server/composition-root';
import { seedDemo } from '../../server/seed/demo';
import { createTestDatabase } from '../support/test-db';
import { readSse } from './sse-reader';
import { ms, summarize } from './stats';

/**
 * Award-to-push latency: with `streams` members each holding an open live stream, an admin awards points at a
 * steady rate; we time from sending the award to its `points` message arriving on that member's stream. The
 * baseline, measured in the same run, is the award request's own round trip (write + answer).
 * Then the broadcast: an admin creates promotions one at a time, timed from sending to the `promotions` message
 * having reached every open stream, against the create request's own round trip.
 */
export async function benchAwardToSse(options = { streams: 200, ratePerSecond: 25, seconds: 12 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({ databaseUrl: db.url, settings: settingsFromEnv(), embedded: true, log: () => undefined, poolSize: 30 });
  await seedDemo(runtime.deps.pool, () => undefined);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const abort = new AbortController();
  try {
    const adminToken = await createSession(runtime.deps.pool, 1);
    const members: { paxId: number; token: string }[] = [];
    for (let i = 0; i < options.streams; i++) {
      const r = await runtime.deps.pool.query<{ pax_id: string }>(
        `INSERT INTO participants (first_name, last_name, username, password_hash) VALUES ('Bench', 'Member', $1, 'x') RETURNING pax_id`,
        [`bench${i}@example.com`],
      );
      const paxId = Number(r.rows[0].pax_id);
      members.push({ paxId, token: await createSession(runtime.deps.pool, paxId) });
    }
    // The push can beat the award's own HTTP answer, so arrivals are kept until the answer names their position.
    const waiting = new Map<string, number>();
    const arrived = new Map<string, number>();
    const pushLatencies: number[] = [];
    const broadcast = { received: 0, onAll: () => undefined as void };
    let opened = 0;
    await Promise.all(
      members.map((m) =>
        readSse(
          `${base}/api/rest/live`,
          { 'auth-token': m.token },
          (kind, id) => {
            if (kind === 'promotions' && ++broadcast.received === members.length) broadcast.onAll();
            if (kind !== 'points' || !id) return;
            const key = `${m.paxId}:${id}`;
            const sentAt = waiting.get(key);
            if (sentAt === undefined) arrived.set(key, performance.now());
            else {
              pushLatencies.push(performance.now() - sentAt);
              waiting.delete(key);
            }
          },
          abort.signal,
        ).then(() => (opened += 1)),
      ),
    );
    const requestLatencies: number[] = [];
    const total = options.ratePerSecond * options.seconds;
    const interval = 1000 / options.ratePerSecond;
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const m = members[i % members.length];
      inflight.push(
        (async () => {
          const sentAt = performance.now();
          const res = await fetch(`${base}/api/rest/admin/participants/${m.paxId}/points`, {
            method: 'POST',
            headers: { 'auth-token': adminToken, 'content-type': 'application/json' },
            body: JSON.stringify({ amount: 10, description: 'bench', idempotencyKey: `bench-${i}` }),
          });
          const body = (await res.json()) as { position: string };
          requestLatencies.push(performance.now() - sentAt);
          const key = `${m.paxId}:${body.position}`;
          const at = arrived.get(key);
          if (at === undefined) waiting.set(key, sentAt);
          else pushLatencies.push(at - sentAt);
        })(),
      );
    }
    await Promise.all(inflight);
    const deadline = performance.now() + 10_000;
    while (waiting.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const push = summarize(pushLatencies);
    const req = summarize(requestLatencies);

    const changes = 10;
    const createLatencies: number[] = [];
    const fanOutLatencies: number[] = [];
    for (let k = 0; k < changes; k++) {
      broadcast.received = 0;
      const reachedAll = new Promise<void>((resolve) => (broadcast.onAll = resolve));
      const sentAt = performance.now();
      const res = await fetch(`${base}/api/rest/admin/promotions`, {
        method: 'POST',
        headers: { 'auth-token': adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${k}`, promotionCode: `BENCH-${k}`, fromDate: '2026-01-01', thruDate: '2026-12-31', finalize: true }),
      });
      if (res.status !== 201) throw new Error(`promotion create answered ${res.status}`);
      createLatencies.push(performance.now() - sentAt);
      const done = await Promise.race([reachedAll.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
      if (done) fanOutLatencies.push(performance.now() - sentAt);
    }
    const create = summarize(createLatencies);
    const fanOut = summarize(fanOutLatencies);
    return [
      `award-to-SSE latency, ${opened} open streams, ${options.ratePerSecond} awards/s for ${options.seconds} s (${total} awards):`,
      `  baseline: award request round trip   p50 ${ms(req.p50)}  p99 ${ms(req.p99)}`,
      `  award sent -> points message pushed   p50 ${ms(push.p50)}  p99 ${ms(push.p99)}  max ${ms(push.max)}  (${push.n}/${total} received${waiting.size ? `, ${waiting.size} missing` : ''})`,
      `  ratio to baseline                     p50 ${(push.p50 / req.p50).toFixed(2)}x  p99 ${(push.p99 / req.p99).toFixed(2)}x`,
      `promotion broadcast to all ${opened} streams, ${changes} promotions created one at a time:`,
      `  baseline: create request round trip  p50 ${ms(create.p50)}  p99 ${ms(create.p99)}`,
      `  create sent -> every stream told      p50 ${ms(fanOut.p50)}  p99 ${ms(fanOut.p99)}  (${fanOut.n}/${changes} reached every stream)`,
      `  ratio to baseline                     p50 ${(fanOut.p50 / create.p50).toFixed(2)}x  p99 ${(fanOut.p99 / create.p99).toFixed(2)}x`,
    ].join('\n');
  } finally {
    abort.abort();
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}
