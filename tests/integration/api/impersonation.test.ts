import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from './fixtures';

jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const IMPERSONATE = '/api/rest/authenticate/impersonate';
const END = '/api/rest/authenticate/endImpersonate';
const KEEPALIVE = '/api/rest/authenticate/keepalive';

type Answer = { status: number; body: { type: string; errors?: { path: string }[] }; headers: Headers };
const expectProblem = (r: Answer, status: number, slug: string) => {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.type).toMatch(new RegExp(`/${slug}$`));
};

describe('impersonation', () => {
  it('lets an admin act as a member, audited on the member stream, and hands back a working admin session', async () => {
    const admin = await s.login(DEMO.admin.email);
    const member = await quickMember(s, { firstName: 'Riley', lastName: 'Quinn' });

    const start = await s.call('POST', IMPERSONATE, { token: admin.token, body: { paxId: member.paxId } });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      authToken: expect.any(String),
      pax: { paxId: member.paxId, firstName: 'Riley', lastName: 'Quinn' },
      events: [],
      impersonated: true,
    });
    const as = start.body.authToken as string;
    expect(as).not.toBe(admin.token);

    // Acting as the member: their data is readable, admin routes are not.
    const points = await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: as });
    expect(points.status).toBe(200);
    expect(points.body).toEqual({ balance: 0, pending: 0, expiring: [] });
    expectProblem(await s.call('GET', '/api/access/admin', { token: as }), 403, 'forbidden');
    expectProblem(await s.call('GET', '/api/rest/participants/1', { token: as }), 403, 'forbidden');
    expectProblem(
      await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
        token: as,
        body: { amount: 100, description: 'self-serve', idempotencyKey: 'imp-1' },
      }),
      403,
      'forbidden',
    );
    expectProblem(await s.call('POST', IMPERSONATE, { token: as, body: { paxId: member.paxId } }), 403, 'forbidden');
    // login?jwt= on the impersonation session restores it as what it is.
    const restored = await s.call('POST', `/api/rest/authenticate/login?jwt=${encodeURIComponent(as)}`);
    expect(restored.body).toEqual({ authToken: as, pax: { paxId: member.paxId, firstName: 'Riley', lastName: 'Quinn' }, events: [], impersonated: true });

    const end = await s.call('POST', END, { token: as });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ authToken: expect.any(String) });
    const back = end.body.authToken as string;
    expect((await s.call('GET', '/api/access/admin', { token: back })).body).toEqual({ admin: true });
    const who = await s.call('POST', `/api/rest/authenticate/login?jwt=${encodeURIComponent(back)}`);
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ authToken: back, pax: { paxId: admin.paxId, firstName: DEMO.admin.firstName, lastName: DEMO.admin.lastName }, events: [] });

    // The impersonation session is dead at once.
    expectProblem(await s.call('GET', KEEPALIVE, { token: as }), 401, 'unauthorized');
    expectProblem(await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: as }), 401, 'unauthorized');
    expectProblem(await s.call('POST', END, { token: as }), 401, 'unauthorized');

    const stream = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    const audit = stream.filter((e) => e.type === 'ImpersonationStarted' || e.type === 'ImpersonationEnded');
    expect(audit.map((e) => e.type)).toEqual(['ImpersonationStarted', 'ImpersonationEnded']);
    for (const e of audit) {
      expect(e.data).toEqual({ paxId: member.paxId, adminId: admin.paxId });
      expect(e.metadata).toMatchObject({ actor: { kind: 'admin', adminId: admin.paxId } });
    }
  });

  it("retires the admin's original token with the impersonation; the one endImpersonate answers replaces it", async () => {
    const admin = await s.login(DEMO.admin.email);
    const member = await quickMember(s);
    const as = (await s.call('POST', IMPERSONATE, { token: admin.token, body: { paxId: member.paxId } })).body.authToken as string;
    const end = await s.call('POST', END, { token: as });
    expect(end.status).toBe(200);
    // The admin's original token was handed over at the start; it is retired with the impersonation.
    expectProblem(await s.call('GET', KEEPALIVE, { token: admin.token }), 401, 'unauthorized');
    expect((await s.call('GET', KEEPALIVE, { token: end.body.authToken })).status).toBe(200);
  });

  it('is for admins only: 403 for a member, 401 anonymously, and nothing is recorded', async () => {
    const member = await s.login(DEMO.member.email);
    const target = await quickMember(s);
    expectProblem(await s.call('POST', IMPERSONATE, { token: member.token, body: { paxId: target.paxId } }), 403, 'forbidden');
    expectProblem(await s.call('POST', IMPERSONATE, { body: { paxId: target.paxId } }), 401, 'unauthorized');
    const stream = await s.runtime.deps.store.readStream(`member-${target.paxId}`);
    expect(stream).toEqual([]);
  });

  it('answers 404 for an unknown participant, 400 for a bad paxId or the admin themself, 409 ending a non-impersonation', async () => {
    const admin = await s.login(DEMO.admin.email);
    expectProblem(await s.call('POST', IMPERSONATE, { token: admin.token, body: { paxId: 987654 } }), 404, 'not-found');
    for (const paxId of [0, 'abc', 1.5, undefined]) {
      const r = await s.call('POST', IMPERSONATE, { token: admin.token, body: { paxId } });
      expectProblem(r, 400, 'validation');
      expect(r.body.errors?.[0].path).toBe('body.paxId');
    }
    const self = await s.call('POST', IMPERSONATE, { token: admin.token, body: { paxId: admin.paxId } });
    expectProblem(self, 400, 'validation');
    expect(self.body.errors?.[0].path).toBe('body.paxId');
    expectProblem(await s.call('POST', END, { token: admin.token }), 409, 'invalid-state');
    expectProblem(await s.call('POST', END), 401, 'unauthorized');
    // None of that ended the admin's session.
    expect((await s.call('GET', KEEPALIVE, { token: admin.token })).status).toBe(200);
  });
});
