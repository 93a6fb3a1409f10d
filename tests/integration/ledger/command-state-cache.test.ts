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
  it('after the first command, a command is decided on the cached state and appended without reading the stream, however long it is', async () => {
    const member = await s.enroll();
    for (let i = 0; i < 40; i++) expect((await award(s.url, member.paxId, 1)).status).toBe(201);
    const watch = watchReads(s.runtime.deps.store, memberStream(member.paxId));
    try {
      expect((await award(s.url, member.paxId, 5)).body.balance).toBe(45);
    } finally {
      watch.restore();
    }
    expect(watch.reads).toEqual([]);
  });

  it('a state cached here is only trusted by an append at its revision: what another server process appended is found, a stale refusal is re-checked, and nothing is overspent', async () => {
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
        // The award decided on the stale state fails its append (the stream moved on); decided again on the tail, it
        // finds the repeated key: the same award, not a second one (and the answer reads the whole stream for it).
        const again = await award(s.url, member.paxId, 100, key);
        expect(again).toEqual({ status: 200, body: expect.objectContaining({ balance: 600 }) });
      } finally {
        watch.restore();
      }
      expect(watch.reads).toEqual([
        { fromRevision: 1, events: 2 },
        { fromRevision: undefined, events: 3 },
      ]);
      const redeem = () =>
        fetch(`${s.url}/api/rest/participants/${member.paxId}/points/redeem`, {
          method: 'POST',
          headers: { 'auth-token': member.token, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 700, type: 'CONSUMER' }),
        });
      expect((await redeem()).status).toBe(409);
      // The other process makes the redemption affordable; this one's cached state (600) would still refuse it, so a
      // refusal decided on a cached state is decided again on the stream's tail.
      expect((await award(otherUrl, member.paxId, 200)).body.balance).toBe(800);
      const afford = await redeem();
      expect(afford.status).toBe(201);
      expect(((await afford.json()) as { balance: number }).balance).toBe(100);
      expect((await redeem()).status).toBe(409);
    } finally {
      http.closeAllConnections();
      http.close();
      await other.stop();
    }
  });
});
