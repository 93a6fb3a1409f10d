import { randomUUID } from 'node:crypto';
import { memberStream } from '../../../event-schemas';
import type { ReadStreamOptions } from '../../../event-schemas/store/event-store';
import { startRuntime } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const award = (base: string, paxId: number, amount: number, idempotencyKey = randomUUID()) =>
  fetch(`${base}/api/rest/admin/participants/${paxId}/points`, {
    method: 'POST',
    headers: { 'auth-token': admin.token, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, description: 'cache', idempotencyKey }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { balance: number } }));

/** Records the member stream reads of a store: from which revision, and how many events came back. */
function watchReads(store: TestServer['runtime']['deps']['store'], stream: string) {
  const reads: { fromRevision: number | undefined; events: number }[] = [];
  const original = store.readStream;
  store.readStream = async (name: string, options?: ReadStreamOptions) => {
    const events = await original(name, options);
    if (name === stream) reads.push({ fromRevision: options?.fromRevision, events: events.length });
    return events;
  };
  return { reads, restore: () => (store.readStream = original) };
}

describe('commands flat in history', () => {
  it('after the first command, a command reads only the events after the cached state, however long the stream', async () => {
    const member = await s.enroll();
    for (let i = 0; i < 40; i++) expect((await award(s.url, member.paxId, 1)).status).toBe(201);
    const watch = watchReads(s.runtime.deps.store, memberStream(member.paxId));
    try {
      expect((await award(s.url, member.paxId, 5)).body.balance).toBe(45);
    } finally {
      watch.restore();
    }
    expect(watch.reads).toEqual([{ fromRevision: 40, events: 0 }]);
  });

  it('a state cached here still sees what another server process appended (read as the tail), and never overspends', async () => {
    const other = await startRuntime({ databaseUrl: s.db.url, settings: settingsFromEnv(), log: () => undefined, poolSize: 5, runScheduler: false });
    const http = other.app.listen(0, '127.0.0.1');
    await new Promise((r) => http.once('listening', r));
    const otherUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    try {
      const member = await s.enroll();
      expect((await award(s.url, member.paxId, 300)).body.balance).toBe(300);
      // The other process appends twice; this one's cached state is now two events behind.
      expect((await award(otherUrl, member.paxId, 200)).body.balance).toBe(500);
      const key = randomUUID();
      expect((await award(otherUrl, member.paxId, 100, key)).body.balance).toBe(600);
      const watch = watchReads(s.runtime.deps.store, memberStream(member.paxId));
      try {
        // The repeated key is found in the tail: the same award, not a second one.
        const again = await award(s.url, member.paxId, 100, key);
        expect(again).toEqual({ status: 200, body: expect.objectContaining({ balance: 600 }) });
      } finally {
        watch.restore();
      }
      expect(watch.reads[0]).toEqual({ fromRevision: 1, events: 2 });
      const redeem = await fetch(`${s.url}/api/rest/participants/${member.paxId}/points/redeem`, {
        method: 'POST',
        headers: { 'auth-token': member.token, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 700, type: 'CONSUMER' }),
      });
      expect(redeem.status).toBe(409);
    } finally {
      http.closeAllConnections();
      http.close();
      await other.stop();
    }
  });
});
