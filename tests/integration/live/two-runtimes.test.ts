import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { settingsFromEnv } from '../../../server/config';
import { startRuntime, type Runtime } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { SseClient } from './sse-client';

// Two server processes on one database (here two runtimes in one process, each with its own pool, listener and
// hub). B runs no projections, so everything a client of B hears about a write made through A comes from A's
// projection transaction by LISTEN/NOTIFY.
jest.setTimeout(30_000);
let a: TestServer;
let b: Runtime;
let bServer: Server;
let bUrl: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  a = await startTestServer();
  b = await startRuntime({ databaseUrl: a.db.url, settings: settingsFromEnv(), embedded: true, log: () => undefined, poolSize: 5, runProjections: false });
  bServer = await new Promise<Server>((resolve) => {
    const srv = b.app.listen(0, '127.0.0.1', () => resolve(srv));
  });
  bUrl = `http://127.0.0.1:${(bServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  bServer.closeAllConnections();
  await new Promise((r) => bServer.close(r));
  await b.stop();
  await a.stop();
});

describe('live updates across runtimes on one database', () => {
  it('a client connected to runtime B receives the points message for an award made through runtime A', async () => {
    const admin = await a.login(DEMO.admin.email);
    const member = await a.enroll();
    // The session made through A is valid on B: sessions live in the shared database.
    const c = await SseClient.open(`${bUrl}/api/rest/live`, { 'auth-token': member.token });
    clients.push(c);
    expect(c.status).toBe(200);
    await c.waitFor((f) => f.event === 'points');

    for (const [i, amount] of [300, 200].entries()) {
      const r = await a.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
        token: admin.token,
        body: { amount, description: 'Across runtimes', idempotencyKey: `x-${i}` },
      });
      expect(r.status).toBe(201);
      const pushed = await c.waitForId(r.body.position, 5000);
      expect(pushed.event).toBe('points');
      expect(JSON.parse(pushed.data!)).toEqual({ paxId: member.paxId, balance: r.body.balance, pending: 0, position: r.body.position });
    }
    expect(c.points().map((p) => p.balance)).toEqual([0, 300, 500]);
  });

  it('runtime B answers reads of what A wrote once its read models have it (x-wait-for-position)', async () => {
    const admin = await a.login(DEMO.admin.email);
    const member = await a.enroll();
    const r = await a.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 75, description: 'Read on B', idempotencyKey: 'b-read' },
    });
    const res = await fetch(`${bUrl}/api/rest/participants/${member.paxId}/points`, {
      headers: { 'auth-token': member.token, 'x-wait-for-position': r.body.position },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ balance: 75 });
  });
});
