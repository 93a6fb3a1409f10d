import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { refCodeOf, stranger } from './referral-helpers';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
});
afterAll(() => s.stop());

const enrollment = (body: Record<string, unknown>) =>
  s.call('POST', '/api/rest/enrollment', {
    body: {
      firstName: 'Sam',
      lastName: 'Other',
      email: `sam-${Date.now()}-${Math.random()}@example.net`,
      password: 'Sturdy-pass-42',
      postalCode: '10001',
      dateOfBirth: '1985-06-15',
      termsAccepted: true,
      ...body,
    },
  });
const refusedOnRefCode = (r: { status: number; body: { errors?: { path: string; message: string }[] } }, message: string) => {
  expect(r.status).toBe(400);
  expect(r.body.errors).toEqual([{ path: 'body.refCode', message }]);
};

describe('enrolling through a referral code', () => {
  it('stores who referred the new member', async () => {
    const referrer = await s.enroll(stranger('Ann'));
    const friend = await s.enroll(stranger('Bob', { refCode: await refCodeOf(s, referrer) }));
    const r = await s.runtime.deps.pool.query('SELECT referred_by FROM participants WHERE pax_id = $1', [friend.paxId]);
    expect(Number(r.rows[0].referred_by)).toBe(referrer.paxId);
  });

  describe('when the code’s owner looks like the person enrolling', () => {
    it.each<[string, (owner: { email: string }) => Record<string, unknown>]>([
      [
        'the same mailbox spelled differently',
        (o) => ({
          email: o.email
            .replace('@', '+again@')
            .replace(/^member/, 'mem.ber')
            .toUpperCase(),
        }),
      ],
      ['the same phone number', () => ({ phone: '(949) 555-0142' })],
      ['the same last name, date of birth and ZIP', () => ({ lastName: 'twin', dateOfBirth: '1980-02-02', postalCode: '92612-0001' })],
    ])('refuses %s with 400 on body.refCode, enrolling nobody', async (_what, applicant) => {
      const owner = await s.enroll({ ...stranger('Ann'), lastName: 'Twin', dateOfBirth: '1980-02-02', postalCode: '92612', phone: '9495550142' });
      const before = await s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM participants');
      refusedOnRefCode(await enrollment({ refCode: await refCodeOf(s, owner), ...applicant(owner) }), 'cannot be your own referral code');
      const after = await s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM participants');
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });
  });

  it('refuses an admin’s code and an unknown code', async () => {
    const admin = await s.login(DEMO.admin.email);
    refusedOnRefCode(await enrollment({ refCode: await refCodeOf(s, admin) }), 'belongs to a staff account and cannot be used to join');
    refusedOnRefCode(await enrollment({ refCode: 'no-such-code' }), 'is not a known referral code');
  });
});

describe('GET /participants/:paxId/referrals', () => {
  it('answers the link and the friends who joined, by first name', async () => {
    const referrer = await s.enroll(stranger('Ann'));
    const empty = await s.call('GET', `/api/rest/participants/${referrer.paxId}/referrals`, { token: referrer.token });
    expect(empty.status).toBe(200);
    const refCode = empty.body.refCode as string;
    expect(empty.body).toEqual({ refCode: expect.any(String), link: `/join-now?refCode=${encodeURIComponent(refCode)}`, referred: [] });

    await s.enroll(stranger('Bob', { refCode }));
    await s.enroll(stranger('Cleo', { refCode }));
    const r = await s.call('GET', `/api/rest/participants/${referrer.paxId}/referrals`, { token: referrer.token });
    expect(r.body.referred).toEqual([
      { firstName: 'Cleo', enrolledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), rewarded: false },
      { firstName: 'Bob', enrolledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), rewarded: false },
    ]);
    expect(JSON.stringify(r.body)).not.toMatch(/Friend/);

    const admin = await s.login(DEMO.admin.email);
    expect((await s.call('GET', `/api/rest/participants/${referrer.paxId}/referrals`, { token: admin.token })).status).toBe(200);
  });

  it('is 403 for another member and 401 without a session', async () => {
    const a = await s.enroll(stranger('Ann'));
    const b = await s.enroll(stranger('Bob'));
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/referrals`, { token: b.token })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/referrals`)).status).toBe(401);
  });
});
