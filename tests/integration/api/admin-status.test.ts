import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('GET /api/rest/admin/status', () => {
  it('is for admins only', async () => {
    const member = await s.login(DEMO.member.email);
    expect((await s.call('GET', '/api/rest/admin/status', { token: member.token })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/status')).status).toBe(401);
  });

  it('reports the store, every projection and a history of samples with the append rate', async () => {
    const admin = await s.login(DEMO.admin.email);
    await s.runtime.deps.status.sample();
    for (let i = 0; i < 3; i++)
      await s.call('POST', `/api/rest/admin/participants/2/points`, {
        token: admin.token,
        body: { amount: 5, description: 'status', idempotencyKey: `status-${i}` },
      });
    await new Promise((r) => setTimeout(r, 20));
    await s.runtime.deps.status.sample();
    const r = await s.call('GET', '/api/rest/admin/status', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.eventStore).toBe('postgresql');
    expect(r.body.totalEvents).toBeGreaterThanOrEqual(3);
    expect(r.body.projections.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['member-points', 'certificates', 'activity']));
    const last = r.body.history[r.body.history.length - 1];
    expect(Object.keys(last.lagEvents)).toEqual(expect.arrayContaining(['member-points']));
    expect(last.appendsPerSecond).toBeGreaterThan(0);
  });
});
