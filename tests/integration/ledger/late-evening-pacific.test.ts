import { settingsFromEnv } from '../../../server/config';
import { latestDueRunDate } from '../../../server/treatments/nightly-schedule';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, maxPosition, readAfter, redeem } from './ledger-helpers';

/**
 * The date-sensitive jobs and routes at 23:30 Pacific, when UTC is already on the next day (issue 29): each must take
 * "today" from the programme's zone. The server's clock is injected, so no case depends on the machine's clock; the
 * earlier steps run at 20:00 UTC, when the programme's date and UTC's agree.
 */
jest.setTimeout(90_000);
const LA = 'America/Los_Angeles';
// Thursday 26 November 2026, 23:30 in Los Angeles: 07:30 on the 27th in UTC.
const LATE_ON_THE_26TH = new Date('2026-11-27T07:30:00Z');
// Friday 27 November, 23:30 in Los Angeles.
const LATE_ON_THE_27TH = new Date('2026-11-28T07:30:00Z');

let s: TestServer;
let clock = new Date('2026-09-27T20:00:00Z');
let pointsMember: { token: string; paxId: number };
let certificateMember: { token: string; paxId: number };
let certificateId: string;

const admin = () => s.login('admin@example.com');
const memberEvents = async (paxId: number) => (await s.runtime.deps.store.readStream(`member-${paxId}`)).map((e) => e.type);
const certificateEvents = async (id: string) => (await s.runtime.deps.store.readStream(`certificate-${id}`)).map((e) => e.type);

beforeAll(async () => {
  s = await startTestServer({ now: () => clock, settings: { ...settingsFromEnv(), welcomeCertificateCategory: null, timeZone: LA, pointsExpiryMonths: 12 } });
  // 27 September: a certificate worth 60 days, so it expires on 26 November.
  certificateMember = await s.enroll();
  await award(s, (await admin()).token, certificateMember.paxId, 500);
  const redeemed = await redeem(s, certificateMember.token, certificateMember.paxId, 100);
  expect(redeemed.status).toBe(201);
  expect(redeemed.body.certificate.expirationDate).toBe('2026-11-26');
  certificateId = redeemed.body.certificate.id;
  // 20 November: points that expire on 26 November.
  clock = new Date('2026-11-20T20:00:00Z');
  pointsMember = await s.enroll();
  const awarded = await award(s, (await admin()).token, pointsMember.paxId, 500, '2026-11-26');
  // The jobs find their work in the read models (the lots, the certificates): those must hold both writes before any
  // job runs, or under load a job finds nothing and "nothing expires on the 26th" would pass for the wrong reason.
  const read = await readAfter(s, `/api/rest/participants/${pointsMember.paxId}/points`, (await admin()).token, maxPosition([awarded, redeemed.body.position]));
  expect(read.status).toBe(200);
  clock = LATE_ON_THE_26TH;
});
afterAll(() => s?.stop());

describe('at 23:30 Pacific on 26 November', () => {
  it('gives points a default expiry counted from the 26th, and takes an expiry of the 27th as after today', async () => {
    const { token } = await admin();
    const member = await s.enroll();
    const byDefault = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token,
      body: { amount: 10, description: 'Goodwill', idempotencyKey: `late-default-${member.paxId}` },
    });
    expect(byDefault.status).toBe(201);
    const tomorrow = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token,
      body: { amount: 10, description: 'Goodwill', idempotencyKey: `late-tomorrow-${member.paxId}`, expirationDate: '2026-11-27' },
    });
    expect(tomorrow.status).toBe(201);
    const awards = (await s.runtime.deps.store.readStream(`member-${member.paxId}`)).filter((e) => e.type === 'PointsAwarded');
    expect(awards.map((e) => (e.data as { expirationDate: string }).expirationDate)).toEqual(['2027-11-26', '2026-11-27']);
  });

  it('does not expire points whose last day is the 26th, and refuses an asOf of the 27th as after today', async () => {
    const { token } = await admin();
    const run = await s.call('POST', '/api/rest/admin/jobs/expire-points', { token, body: {} });
    expect(run.status).toBe(200);
    expect(await memberEvents(pointsMember.paxId)).not.toContain('PointsExpired');
    const ahead = await s.call('POST', '/api/rest/admin/jobs/expire-points', { token, body: { asOf: '2026-11-27' } });
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors).toEqual([{ path: 'body.asOf', message: 'must not be after today (2026-11-26)' }]);
  });

  it('does not expire a certificate whose last day is the 26th', async () => {
    const { token } = await admin();
    const run = await s.call('POST', '/api/rest/admin/jobs/expire-certificates', { token, body: {} });
    expect(run.status).toBe(200);
    expect(await certificateEvents(certificateId)).not.toContain('CertificateStatusChanged');
  });

  it('reports up to the 26th by default', async () => {
    const r = await s.call('GET', '/api/rest/admin/reports/points-flow?interval=day&from=2026-11-20', { token: (await admin()).token });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { period: string }) => i.period).at(-1)).toBe('2026-11-26');
  });

  it('turns away someone whose eighteenth birthday is the 27th', async () => {
    const body = (dateOfBirth: string) => ({
      firstName: 'Late',
      lastName: 'Joiner',
      email: `late-${dateOfBirth}@example.com`,
      password: 'Sturdy-pass-42',
      postalCode: '92612',
      dateOfBirth,
      termsAccepted: true,
    });
    const early = await s.call('POST', '/api/rest/enrollment', { body: body('2008-11-27') });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual([{ path: 'body.dateOfBirth', message: 'must show you are at least 18 years old' }]);
    expect((await s.call('POST', '/api/rest/enrollment', { body: body('2008-11-26') })).status).toBe(201);
  });

  it('has the nightly run of the 25th due, not yet the 26th’s (due at 23:59)', () => {
    expect(latestDueRunDate(LATE_ON_THE_26TH, LA)).toBe('2026-11-25');
    expect(latestDueRunDate(new Date('2026-11-27T07:59:00Z'), LA)).toBe('2026-11-26');
  });
});

describe('at 23:30 Pacific on 27 November', () => {
  beforeAll(() => {
    clock = LATE_ON_THE_27TH;
  });

  it('expires the points and the certificate of the 26th', async () => {
    const { token } = await admin();
    expect((await s.call('POST', '/api/rest/admin/jobs/expire-points', { token, body: {} })).status).toBe(200);
    expect(await memberEvents(pointsMember.paxId)).toContain('PointsExpired');
    const run = await s.call('POST', '/api/rest/admin/jobs/expire-certificates', { token, body: {} });
    expect(run.status).toBe(200);
    expect(await certificateEvents(certificateId)).toContain('CertificateStatusChanged');
    const wallet = await readAfter(s, `/api/rest/participants/${certificateMember.paxId}/certificates`, token, run.body.position);
    expect(JSON.stringify(wallet.body)).toContain('EXPIRED');
  });
});
