import { startTestServer, type TestServer } from '../../support/test-server';
import { award, readAfter, redeem } from './ledger-helpers';

// The programme clock is the test's: awards, redemption and both expiry jobs happen on chosen Los Angeles dates.
let clock = new Date('2026-03-01T20:00:00Z');
// Starting a server (migrations, password hashing) can take a while when the machine is busy.
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let m: { token: string; paxId: number };
let certificateId = '';

const job = (name: string, body: unknown = {}, token = admin.token) => s.call('POST', `/api/rest/admin/jobs/${name}`, { token, body });

beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
  m = await s.enroll();
  await award(s, admin.token, m.paxId, 500, '2026-03-10');
  await award(s, admin.token, m.paxId, 200);
  clock = new Date('2026-03-05T20:00:00Z');
  const r = await redeem(s, m.token, m.paxId, 100);
  certificateId = r.body.certificate.id;
  expect(r.body.certificate.expirationDate).toBe('2026-05-04');
  await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, r.body.position);
});
afterAll(() => s.stop());

describe('POST /admin/jobs/expire-points', () => {
  it('expires nothing before a lot’s date, then what is left of it (the redemption took the earliest lot first)', async () => {
    clock = new Date('2026-03-10T20:00:00Z');
    expect((await job('expire-points')).body).toEqual({ membersProcessed: 0, pointsExpired: 0 });
    clock = new Date('2026-03-12T20:00:00Z');
    const r = await job('expire-points');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ membersProcessed: 1, pointsExpired: 400 });
    const points = await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, r.body.position);
    expect(points.body).toMatchObject({ balance: 200, expiring: [{ amount: 200, expirationDate: '2027-03-01' }] });
    expect((await job('expire-points')).body).toEqual({ membersProcessed: 0, pointsExpired: 0 });
  });

  it('refuses an asOf in the future, and is for admins only', async () => {
    const r = await job('expire-points', { asOf: '2026-03-13' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('body.asOf');
    expect((await job('expire-points', {}, m.token)).status).toBe(403);
    expect((await s.call('POST', '/api/rest/admin/jobs/expire-points', { body: {} })).status).toBe(401);
  });
});

describe('POST /admin/jobs/expire-certificates', () => {
  it('expires ACTIVE certificates the day after their expiration date', async () => {
    clock = new Date('2026-05-04T20:00:00Z');
    expect((await job('expire-certificates')).body).toEqual({ certificatesExpired: 0 });
    clock = new Date('2026-05-05T20:00:00Z');
    expect((await job('expire-certificates', { asOf: '2026-05-04' })).body).toEqual({ certificatesExpired: 0 });
    const r = await job('expire-certificates');
    expect(r.body).toMatchObject({ certificatesExpired: 1 });
    const list = await readAfter(s, '/api/rest/participants/~/certificates', m.token, r.body.position);
    expect(list.body.items).toEqual([expect.objectContaining({ id: certificateId, status: 'EXPIRED', displayStatus: 'EXPIRED' })]);
    const audit = await s.call('GET', `/api/rest/admin/audit/certificates/${certificateId}`, { token: admin.token });
    expect(audit.body[audit.body.length - 1]).toMatchObject({
      actor: { kind: 'system', job: 'certificate-expiry' },
      data: { from: 'ACTIVE', to: 'EXPIRED', changedBy: null },
    });
    expect((await job('expire-certificates')).body).toEqual({ certificatesExpired: 0 });
  });
});

describe('GET /admin/participants/{paxId}/timeline', () => {
  const timeline = (query = '', token = admin.token, paxId = m.paxId) => s.call('GET', `/api/rest/admin/participants/${paxId}/timeline${query}`, { token });

  it('replays the member stream with the balance after every event', async () => {
    const r = await timeline();
    expect(r.status).toBe(200);
    expect(r.body.events.map((e: { type: string; balanceAfter: number }) => [e.type, e.balanceAfter])).toEqual([
      ['PointsAwarded', 500],
      ['PointsAwarded', 700],
      ['PointsRedeemed', 600],
      ['PointsExpired', 200],
      // The certificate's nightly expiry (its own stream) is in the member's history too, moving no points (issue 28, item 5).
      ['CertificateStatusChanged', 200],
    ]);
    expect(r.body.events[4]).toMatchObject({ actor: { kind: 'system', job: 'certificate-expiry' }, data: { certificateId, from: 'ACTIVE', to: 'EXPIRED' } });
    expect(r.body.balanceAsOf).toBe(200);
    expect(r.body.events[3]).toMatchObject({ actor: { kind: 'system', job: 'points-expiry' }, occurredAt: '2026-03-12T20:00:00.000Z', data: { amount: 400 } });
  });

  it('with asOf, gives the balance at the end of that day and the events up to it', async () => {
    const r = await timeline('?asOf=2026-03-04');
    expect(r.body.balanceAsOf).toBe(700);
    expect(r.body.events).toHaveLength(2);
    expect((await timeline('?asOf=2026-03-11')).body.balanceAsOf).toBe(600);
    // The replay ends at the last instant of that date in the programme's zone (Los Angeles, UTC-8 in February).
    expect((await timeline('?asOf=2026-02-01')).body).toEqual({ balanceAsOf: 0, events: [], asOfEndsAt: '2026-02-02T07:59:59.999Z' });
    expect((await timeline('?asOf=03/11/2026')).status).toBe(400);
  });

  it('is for admins only, and 404 for an unknown member', async () => {
    expect((await timeline('', m.token)).status).toBe(403);
    expect((await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`)).status).toBe(401);
    expect((await timeline('', admin.token, 999999)).status).toBe(404);
  });
});
