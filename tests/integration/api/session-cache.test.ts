import { startRuntime } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { SESSION_CACHE_MS } from '../../../server/auth/session-cache';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
});
afterAll(() => s.stop());

const points = (base: string, paxId: number, token: string) =>
  fetch(`${base}/api/rest/participants/${paxId}/points`, { headers: { 'auth-token': token } }).then((r) => r.status);

describe('the session cache', () => {
  it('answers repeated requests without a session lookup each', async () => {
    const member = await s.login(DEMO.member.email);
    const lookups: string[] = [];
    const pool = s.runtime.deps.pool;
    const query = pool.query.bind(pool);
    Object.assign(pool, {
      query: (text: unknown, ...rest: unknown[]) => (
        typeof text === 'string' && text.includes('FROM sessions s JOIN participants') && lookups.push(text),
        (query as (...a: unknown[]) => unknown)(text, ...rest)
      ),
    });
    try {
      for (let i = 0; i < 5; i++) expect(await points(s.url, member.paxId, member.token)).toBe(200);
    } finally {
      Object.assign(pool, { query });
    }
    expect(lookups.length).toBeLessThanOrEqual(1);
  });

  it('a sign-out in another server process ends the session there at once, well inside the cache’s life', async () => {
    const other = await startRuntime({ databaseUrl: s.db.url, settings: settingsFromEnv(), log: () => undefined, poolSize: 5, runScheduler: false });
    const http = other.app.listen(0, '127.0.0.1');
    await new Promise((r) => http.once('listening', r));
    const otherUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    try {
      const member = await s.login(DEMO.member.email);
      // Both processes have the session cached now.
      expect(await points(otherUrl, member.paxId, member.token)).toBe(200);
      expect(await points(s.url, member.paxId, member.token)).toBe(200);
      const started = Date.now();
      expect((await s.call('POST', '/api/rest/authenticate/logout', { token: member.token, body: { authToken: member.token } })).status).toBe(204);
      // Here at once (forgotten before the answer), there as soon as the revocation's NOTIFY arrives.
      expect(await points(s.url, member.paxId, member.token)).toBe(401);
      await eventually(async () => expect(await points(otherUrl, member.paxId, member.token)).toBe(401), SESSION_CACHE_MS);
      expect(Date.now() - started).toBeLessThan(SESSION_CACHE_MS / 2);
    } finally {
      http.closeAllConnections();
      http.close();
      await other.stop();
    }
  });
});
