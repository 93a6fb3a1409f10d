import { dateIn } from '../../../event-schemas/calendar';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
let other: { token: string; paxId: number; email: string };
beforeAll(async () => {
  s = await startTestServer();
  [admin, member, other] = await Promise.all([s.login(DEMO.admin.email), s.login(DEMO.member.email), s.enroll({ phone: '714-555-0199' })]);
});
afterAll(() => s.stop());

type Answer = { status: number; body: { type: string; errors?: { path: string }[] }; headers: Headers };
const expectProblem = (r: Answer, status: number, slug: string) => {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.type).toMatch(new RegExp(`/${slug}$`));
};

const paths = (paxId: number | string) => [
  `/api/rest/participants/${paxId}`,
  `/api/rest/participants/${paxId}/emails`,
  `/api/rest/participants/${paxId}/phones`,
];

describe('GET /participants/{paxId}, /emails, /phones', () => {
  it('answers the caller their own record, e-mails and phones with the preferred flags', async () => {
    const [me, emails, phones] = await Promise.all(paths(member.paxId).map((p) => s.call('GET', p, { token: member.token })));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      paxId: member.paxId,
      firstName: DEMO.member.firstName,
      lastName: DEMO.member.lastName,
      postalCode: '92612',
      // Shown on the profile since a birth date can be corrected (by staff).
      dateOfBirth: '1988-04-12',
      refCode: 'MEMBERREF',
      isAdmin: false,
      // The front desk's code for them (CONTRACT.md, "Practices"): 8 characters of Crockford's base 32.
      memberCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      // The programme date they joined: the activity's Year filter starts there (issue 54, item 16).
      enrolledOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(emails.status).toBe(200);
    expect(emails.body).toEqual([{ emailAddress: DEMO.member.email, preferred: 'Y' }]);
    expect(phones.status).toBe(200);
    expect(phones.body).toEqual([{ phone: '9495550142', preferred: 'Y' }]);

    const otherPhones = await s.call('GET', `/api/rest/participants/${other.paxId}/phones`, { token: other.token });
    expect(otherPhones.body).toEqual([{ phone: '7145550199', preferred: 'Y' }]);
  });

  it('answers the programme date a member joined as enrolledOn', async () => {
    const fresh = await s.enroll();
    const me = await s.call('GET', `/api/rest/participants/${fresh.paxId}`, { token: fresh.token });
    expect(me.body.enrolledOn).toBe(dateIn(s.runtime.deps.settings.timeZone, new Date()));
  });

  it('answers an enrolled member without a phone an empty list', async () => {
    const fresh = await s.enroll();
    const phones = await s.call('GET', `/api/rest/participants/${fresh.paxId}/phones`, { token: fresh.token });
    expect(phones.status).toBe(200);
    expect(phones.body).toEqual([]);
    const emails = await s.call('GET', `/api/rest/participants/${fresh.paxId}/emails`, { token: fresh.token });
    expect(emails.body).toEqual([{ emailAddress: fresh.email, preferred: 'Y' }]);
  });

  it("answers 403 to a member asking for another member's data", async () => {
    for (const p of paths(other.paxId)) expectProblem(await s.call('GET', p, { token: member.token }), 403, 'forbidden');
    for (const p of paths(admin.paxId)) expectProblem(await s.call('GET', p, { token: member.token }), 403, 'forbidden');
  });

  it('answers an admin any participant', async () => {
    const [me, emails, phones] = await Promise.all(paths(other.paxId).map((p) => s.call('GET', p, { token: admin.token })));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ paxId: other.paxId, firstName: 'Test', lastName: 'Member', isAdmin: false });
    expect(emails.body).toEqual([{ emailAddress: other.email, preferred: 'Y' }]);
    expect(phones.body).toEqual([{ phone: '7145550199', preferred: 'Y' }]);
    const self = await s.call('GET', `/api/rest/participants/${admin.paxId}`, { token: admin.token });
    expect(self.body).toMatchObject({ paxId: admin.paxId, isAdmin: true });
  });

  it('answers 401 without a session, before looking at the id', async () => {
    for (const p of [...paths(member.paxId), ...paths('abc')]) expectProblem(await s.call('GET', p), 401, 'unauthorized');
    for (const p of paths(member.paxId)) expectProblem(await s.call('GET', p, { token: 'not-a-session' }), 401, 'unauthorized');
  });

  it.each(['abc', '0', '-3', '1.5', '1e3', '9999999999999999'])('answers 400 naming path.paxId for the id %s', async (bad) => {
    for (const p of paths(bad)) {
      const r = await s.call('GET', p, { token: admin.token });
      expectProblem(r, 400, 'validation');
      expect(r.body.errors).toEqual([{ path: 'path.paxId', message: expect.any(String) }]);
    }
  });

  it('answers 404 to an admin for a participant that does not exist', async () => {
    for (const p of paths(987654)) expectProblem(await s.call('GET', p, { token: admin.token }), 404, 'not-found');
  });
});
