import { DEMO } from '../../../server/seed/demo';
import { impersonate } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const phones = (paxId: number) => `/api/rest/participants/${paxId}/phones`;
const emails = (paxId: number) => `/api/rest/participants/${paxId}/emails`;
const linkToken = async (recipient: string) => {
  const box = (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token })).body as { body: string }[];
  const link = /(https?:\/\/\S+\/profile\/confirm-email\?token=([\w-]+))/.exec(box[0]?.body ?? '');
  return { link: link?.[1], token: link?.[2] };
};

describe('a member’s phone numbers', () => {
  it('are added (3-3-4 or any punctuation), edited, made preferred and removed, the preferred one always there', async () => {
    const m = await s.enroll();
    let r = await s.call('POST', phones(m.paxId), { token: m.token, body: { phone: '949-555-0101' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual([{ phone: '9495550101', preferred: 'Y' }]);
    r = await s.call('POST', phones(m.paxId), { token: m.token, body: { phone: '(714) 555-0102' } });
    expect(r.body).toEqual([
      { phone: '9495550101', preferred: 'Y' },
      { phone: '7145550102', preferred: 'N' },
    ]);
    r = await s.call('PUT', `${phones(m.paxId)}/7145550102`, { token: m.token, body: { preferred: true } });
    expect(r.body).toEqual([
      { phone: '9495550101', preferred: 'N' },
      { phone: '7145550102', preferred: 'Y' },
    ]);
    r = await s.call('PUT', `${phones(m.paxId)}/9495550101`, { token: m.token, body: { phone: '949-555-0199' } });
    expect(r.body).toEqual([
      { phone: '9495550199', preferred: 'N' },
      { phone: '7145550102', preferred: 'Y' },
    ]);
    r = await s.call('DELETE', `${phones(m.paxId)}/7145550102`, { token: m.token });
    expect(r.body).toEqual([{ phone: '9495550199', preferred: 'Y' }]);
    expect((await s.call('GET', phones(m.paxId), { token: m.token })).body).toEqual([{ phone: '9495550199', preferred: 'Y' }]);
  });

  it.each([
    ['too few digits', { phone: '555-0100' }],
    ['letters', { phone: '949-555-01AB' }],
    ['a NUL byte', { phone: '949\u0000555\u00000142' }],
  ])('refuses %s as a 400 naming body.phone, writing nothing', async (_what, body) => {
    const m = await s.enroll();
    const r = await s.call('POST', phones(m.paxId), { token: m.token, body });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.phone']);
    expect((await s.call('GET', phones(m.paxId), { token: m.token })).body).toEqual([]);
  });

  it('is 409 for a number already there, 404 for one that is not, 403 for another member', async () => {
    const m = await s.enroll({ phone: '949-555-0111' });
    const other = await s.enroll();
    expect((await s.call('POST', phones(m.paxId), { token: m.token, body: { phone: '9495550111' } })).status).toBe(409);
    expect((await s.call('DELETE', `${phones(m.paxId)}/7145550000`, { token: m.token })).status).toBe(404);
    expect((await s.call('POST', phones(m.paxId), { token: other.token, body: { phone: '9495550112' } })).status).toBe(403);
  });

  it('keeps every change in the member’s history, naming the admin who impersonated them', async () => {
    const m = await s.enroll();
    await s.call('POST', phones(m.paxId), { token: m.token, body: { phone: '949-555-0121' } });
    const asMember = await impersonate(s, admin.token, m.paxId);
    await s.call('POST', phones(m.paxId), { token: asMember, body: { phone: '949-555-0122' } });
    const history = (await s.call('GET', `/api/rest/participants/${m.paxId}/contacts/history`, { token: m.token })).body as {
      action: string;
      actor: unknown;
    }[];
    expect(history.map((h) => h.action)).toEqual(['phone-added', 'phone-added']);
    expect(history[0].actor).toEqual({ kind: 'participant', paxId: m.paxId });
    expect(history[1].actor).toEqual({ kind: 'admin-as-participant', adminId: admin.paxId, paxId: m.paxId });
  });
});

describe('a member’s e-mail addresses', () => {
  it('are confirmed by a link before use; the preferred one is the sign-in address', async () => {
    const m = await s.enroll();
    const fresh = `new-${m.paxId}-${Date.now()}@example.com`;
    const r = await s.call('POST', emails(m.paxId), { token: m.token, body: { emailAddress: fresh } });
    expect(r.status).toBe(202);
    expect((await s.call('GET', `${emails(m.paxId)}/pending`, { token: m.token })).body).toEqual([
      { emailAddress: fresh, expiresAt: expect.stringMatching(/Z$/) },
    ]);
    expect((await s.call('GET', emails(m.paxId), { token: m.token })).body).toEqual([{ emailAddress: m.email, preferred: 'Y' }]);
    // Unconfirmed, it cannot be made preferred, nor used to sign in.
    expect((await s.call('PUT', `${emails(m.paxId)}/${encodeURIComponent(fresh)}/preferred`, { token: m.token })).status).toBe(404);
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: fresh, password: 'Sturdy-pass-42' } })).status).toBe(401);

    const { link, token } = await linkToken(fresh);
    expect(link).toMatch(/^https?:\/\//);
    const confirmed = await Promise.all([1, 2, 3].map(() => s.call('POST', '/api/rest/participants/emails/confirm', { body: { token } })));
    expect(confirmed.map((c) => c.status).sort()).toEqual([200, 400, 400]);
    expect((await s.call('GET', emails(m.paxId), { token: m.token })).body).toEqual([
      { emailAddress: m.email, preferred: 'Y' },
      { emailAddress: fresh, preferred: 'N' },
    ]);
    const preferred = await s.call('PUT', `${emails(m.paxId)}/${encodeURIComponent(fresh)}/preferred`, { token: m.token });
    expect(preferred.body).toEqual([
      { emailAddress: m.email, preferred: 'N' },
      { emailAddress: fresh, preferred: 'Y' },
    ]);
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: fresh, password: 'Sturdy-pass-42' } })).status).toBe(200);
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: 'Sturdy-pass-42' } })).status).toBe(401);
    expect((await s.call('DELETE', `${emails(m.paxId)}/${encodeURIComponent(fresh)}`, { token: m.token })).status).toBe(409);
    expect((await s.call('DELETE', `${emails(m.paxId)}/${encodeURIComponent(m.email)}`, { token: m.token })).body).toEqual([
      { emailAddress: fresh, preferred: 'Y' },
    ]);
  });

  // Issue 27: a 409 "belongs to another account" told anyone which addresses are members'.
  it('answers another account’s sign-in address exactly as a free one, without ever adding it; refuses a malformed one (400 naming body.emailAddress)', async () => {
    const m = await s.enroll();
    const taken = await s.enroll();
    const free = `free-${Date.now()}@example.com`;
    const answers = await Promise.all([taken.email, free].map((emailAddress) => s.call('POST', emails(m.paxId), { token: m.token, body: { emailAddress } })));
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(Object.keys(answers[0].body).sort()).toEqual(Object.keys(answers[1].body).sort());
    const pending = (await s.call('GET', `${emails(m.paxId)}/pending`, { token: m.token })).body as { emailAddress: string }[];
    expect(pending.map((p) => p.emailAddress).sort()).toEqual([taken.email, free].sort());
    // The owner of the address gets a notice, not a link: there is nothing to confirm.
    expect((await linkToken(taken.email)).token).toBeUndefined();
    expect((await linkToken(free)).token).toBeDefined();
    expect((await s.call('GET', emails(m.paxId), { token: m.token })).body).toEqual([{ emailAddress: m.email, preferred: 'Y' }]);
    const bad = await s.call('POST', emails(m.paxId), { token: m.token, body: { emailAddress: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.emailAddress']);
  });
});
