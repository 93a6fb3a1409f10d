import { startTestServer, type TestServer } from '../../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('POST /admin/participants/{paxId}/points', () => {
  it('awards once per idempotency key and the read model shows it', async () => {
    const admin = await s.login('admin@example.com');
    const member = await s.enroll();
    const body = { amount: 300, description: 'Goodwill', idempotencyKey: 'gw-1' };
    const first = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body });
    expect(first.status).toBe(201);
    expect(first.body.balance).toBe(300);
    const again = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const points = await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: member.token, headers: { 'x-wait-for-position': first.body.position } });
    expect(points.body).toMatchObject({ balance: 300, pending: 0 });
  });
});
