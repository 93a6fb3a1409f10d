import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { createTestDatabase } from '../../support/test-db';
import { startRuntime } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
});
afterAll(() => s.stop());

describe('request ids and correlation', () => {
  it('echoes a caller’s x-request-id (or makes one), and a command’s events carry it as their correlation id', async () => {
    const admin = await s.login(DEMO.admin.email);
    const member = await s.login(DEMO.member.email);
    const requestId = `req-${randomUUID()}`;
    const award = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      headers: { 'x-request-id': requestId },
      body: { amount: 5, description: 'traced', idempotencyKey: randomUUID() },
    });
    expect(award.status).toBe(201);
    expect(award.headers.get('x-request-id')).toBe(requestId);
    const events = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    expect(events.at(-1)!.metadata).toMatchObject({ correlationId: requestId });

    const made = await s.call('GET', '/healthz', { headers: { 'x-request-id': 'not a sane id!' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text: latency by route template, appends, projection lag per read model, open streams, jobs, login throttling', async () => {
    await s.call('GET', '/api/rest/promotions/tiles', { token: (await s.login(DEMO.member.email)).token });
    for (let i = 0; i < 6; i++)
      await s.call('POST', '/api/rest/authenticate/login', { body: { username: 'nobody-metrics@example.com', password: 'wrong-password-1' } });
    const r = await fetch(`${s.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await r.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/rest\/promotions\/tiles",status="200"\} [1-9]/);
    expect(text).toMatch(/event_store_appends_total\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/projection_lag_seconds\{read_model="member-points"\} \d/);
    expect(text).toMatch(/projection_caught_up\{read_model="activity"\} [01]/);
    expect(text).toMatch(/^live_streams_open \d+$/m);
    expect(text).toMatch(/^login_throttled_total [1-9]/m);
    expect(text).toContain('# TYPE job_runs_total counter');
  });
});

/**
 * A TCP relay between the server and PostgreSQL, so the test can take the database away and give it back the way a
 * network or database outage does (connections cut, new ones refused), without touching the shared test cluster.
 */
async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const port = (relay.address() as net.AddressInfo).port;
  return {
    port,
    cut: () =>
      new Promise<void>((r) => {
        relay.close(() => r());
        for (const s of sockets) s.destroy();
      }),
    restore: () => new Promise<void>((r) => relay.listen(port, '127.0.0.1', r)),
  };
}

describe('GET /readyz and an unreachable database', () => {
  it('is ready when the database and store answer; while the database is unreachable, probes and calls answer 503 with Retry-After', async () => {
    const db = await createTestDatabase();
    const relay = await databaseRelay(new URL(db.url));
    const url = new URL(db.url);
    url.port = String(relay.port);
    const runtime = await startRuntime({ databaseUrl: url.toString(), settings: settingsFromEnv(), log: () => undefined, poolSize: 5, runScheduler: false });
    const http = runtime.app.listen(0, '127.0.0.1');
    await new Promise((r) => http.once('listening', r));
    const base = `http://127.0.0.1:${(http.address() as net.AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await relay.cut();
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      const call = await fetch(`${base}/api/rest/products`, { headers: { 'auth-token': 'any-token' } });
      expect(call.status).toBe(503);
      expect(call.headers.get('retry-after')).toBe('5');
      expect(await call.json()).toMatchObject({ status: 503, type: expect.stringMatching(/\/unavailable$/) });
      await relay.restore();
      await eventually(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), 15_000);
    } finally {
      http.closeAllConnections();
      http.close();
      await runtime.stop();
      await relay.cut();
      await db.drop();
    }
  });
});
