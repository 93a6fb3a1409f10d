import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

// Throttling has a file of its own (login-throttle.test.ts); sign-in failures here come from addresses of their own
// (X-Forwarded-For is trusted from loopback) so they never add up to a lock.
jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const LOGIN = '/api/rest/authenticate/login';
const KEEPALIVE = '/api/rest/authenticate/keepalive';
let addressCounter = 0;
const freshAddress = () => `10.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}.1`;

const attempt = (username: string, password: string, address = freshAddress()) =>
  s.call('POST', LOGIN, { body: { username, password }, headers: { 'x-forwarded-for': address } });

const expectProblem = (r: { status: number; body: { type: string; status: number }; headers: Headers }, status: number, slug: string) => {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.type).toMatch(new RegExp(`/${slug}$`));
  expect(r.body.status).toBe(status);
};

describe('POST /authenticate/login', () => {
  it('answers the session token, the participant and no events', async () => {
    const r = await attempt(DEMO.member.email, DEMO.password);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      authToken: expect.any(String),
      pax: { paxId: expect.any(Number), firstName: DEMO.member.firstName, lastName: DEMO.member.lastName },
      events: [],
    });
    expect(r.body.authToken.length).toBeGreaterThanOrEqual(32);
    const keep = await s.call('GET', KEEPALIVE, { token: r.body.authToken });
    expect(keep.status).toBe(200);
  });

  it('signs in whatever the case of the e-mail, and each sign-in is a new session', async () => {
    const a = await attempt('MEMBER@Example.COM', DEMO.password);
    const b = await attempt(DEMO.member.email, DEMO.password);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.pax.paxId).toBe(b.body.pax.paxId);
    expect(a.body.authToken).not.toBe(b.body.authToken);
  });

  it('answers the very same 401 for an unknown user and a wrong password', async () => {
    const unknown = await attempt('nobody-here@example.com', DEMO.password);
    const wrong = await attempt(DEMO.admin.email, 'Wrong-password-1');
    expectProblem(unknown, 401, 'unauthorized');
    expectProblem(wrong, 401, 'unauthorized');
    expect(unknown.body).toEqual(wrong.body);
    expect(JSON.stringify(unknown.body)).not.toMatch(/nobody-here/);
  });

  it('answers 400 naming each missing or empty field', async () => {
    const none = await s.call('POST', LOGIN, { body: {} });
    expectProblem(none, 400, 'validation');
    expect(none.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.password', 'body.username']);

    const noPassword = await s.call('POST', LOGIN, { body: { username: DEMO.member.email } });
    expectProblem(noPassword, 400, 'validation');
    expect(noPassword.body.errors).toEqual([{ path: 'body.password', message: expect.any(String) }]);

    const blank = await s.call('POST', LOGIN, { body: { username: '  ', password: DEMO.password } });
    expectProblem(blank, 400, 'validation');
    expect(blank.body.errors).toEqual([{ path: 'body.username', message: expect.any(String) }]);

    const wrongType = await s.call('POST', LOGIN, { body: { username: 42, password: DEMO.password } });
    expectProblem(wrongType, 400, 'validation');
    expect(wrongType.body.errors[0].path).toBe('body.username');

    const malformed = await s.call('POST', LOGIN, { rawBody: '{"username": "member@example.com",' });
    expectProblem(malformed, 400, 'validation');
    expect(malformed.body.errors).toEqual([{ path: 'body', message: expect.any(String) }]);
  });

  it('with ?jwt= restores the session it names, and refuses a bad or ended one', async () => {
    const admin = await s.login(DEMO.admin.email);
    const restored = await s.call('POST', `${LOGIN}?jwt=${encodeURIComponent(admin.token)}`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      authToken: admin.token,
      pax: { paxId: admin.paxId, firstName: DEMO.admin.firstName, lastName: DEMO.admin.lastName },
      events: [],
    });

    expectProblem(await s.call('POST', `${LOGIN}?jwt=not-a-session`), 401, 'unauthorized');
    await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: admin.token } });
    expectProblem(await s.call('POST', `${LOGIN}?jwt=${encodeURIComponent(admin.token)}`), 401, 'unauthorized');
  });
});

describe('keepalive and logout', () => {
  it('keepalive answers 200 for a valid session and 401 without one or with a made-up one', async () => {
    const member = await s.login(DEMO.member.email);
    const ok = await s.call('GET', KEEPALIVE, { token: member.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true });
    expectProblem(await s.call('GET', KEEPALIVE), 401, 'unauthorized');
    expectProblem(await s.call('GET', KEEPALIVE, { token: 'x'.repeat(43) }), 401, 'unauthorized');
  });

  it('logout answers 204 and the token stops working at once; other sessions of the person keep working', async () => {
    const first = await s.login(DEMO.member.email);
    const second = await s.login(DEMO.member.email);
    const out = await s.call('POST', '/api/rest/authenticate/logout', { token: first.token, body: { authToken: first.token } });
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expectProblem(await s.call('GET', KEEPALIVE, { token: first.token }), 401, 'unauthorized');
    expectProblem(await s.call('GET', `/api/rest/participants/${first.paxId}/points`, { token: first.token }), 401, 'unauthorized');
    expect((await s.call('GET', KEEPALIVE, { token: second.token })).status).toBe(200);
  });

  it('logout of an unknown or already ended token still answers 204; a missing authToken is 400', async () => {
    const member = await s.login(DEMO.member.email);
    expect((await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: 'unknown-token' } })).status).toBe(204);
    expect((await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: member.token } })).status).toBe(204);
    expect((await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: member.token } })).status).toBe(204);
    const missing = await s.call('POST', '/api/rest/authenticate/logout', { body: {} });
    expectProblem(missing, 400, 'validation');
    expect(missing.body.errors[0].path).toBe('body.authToken');
  });
});

describe('GET /api/access/admin', () => {
  it('answers 200 { admin: true } for an admin, 403 for a member and 401 anonymously', async () => {
    const admin = await s.login(DEMO.admin.email);
    const member = await s.login(DEMO.member.email);
    const yes = await s.call('GET', '/api/access/admin', { token: admin.token });
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ admin: true });
    expectProblem(await s.call('GET', '/api/access/admin', { token: member.token }), 403, 'forbidden');
    expectProblem(await s.call('GET', '/api/access/admin'), 401, 'unauthorized');
  });
});
