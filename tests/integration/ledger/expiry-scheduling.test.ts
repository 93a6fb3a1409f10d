import { settingsFromEnv } from '../../../server/config';
import { startRuntime, type Runtime } from '../../../server/composition-root';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, readAfter, redeem } from './ledger-helpers';

/** The nightly points and certificate expiry, wired into the server's scheduler, with two server processes. */
jest.setTimeout(90_000);
let s: TestServer;
let clock = new Date('2026-03-01T20:00:00Z');
const runtimes: Runtime[] = [];

beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  for (const r of runtimes) await r.stop();
  await s.stop();
});

it('two processes whose schedulers are due expire the lot and the certificate once, each job once per date', async () => {
  const admin = await s.login('admin@example.com');
  const m = await s.enroll();
  await award(s, admin.token, m.paxId, 500, '2026-03-10');
  const r = await redeem(s, m.token, m.paxId, 100);
  expect(r.status).toBe(201);
  expect(r.body.certificate.expirationDate).toBe('2026-04-30');
  await readAfter(s, `/api/rest/participants/${m.paxId}/certificates`, m.token, r.body.position);

  // 1 am in Los Angeles on May 2: the run for May 1 is due (the lot and the certificate dated before it expire).
  clock = new Date('2026-05-02T08:00:00Z');
  for (let i = 0; i < 2; i++) {
    runtimes.push(
      await startRuntime({
        databaseUrl: s.db.url,
        settings: settingsFromEnv(),
        embedded: true,
        log: () => undefined,
        poolSize: 5,
        now: () => clock,
        runScheduler: true,
      }),
    );
  }
  await eventually(async () => {
    const runs = await s.db.pool.query(
      `SELECT job, to_char(run_date, 'YYYY-MM-DD') AS run_date FROM job_runs WHERE job LIKE 'expire-%' AND finished_at IS NOT NULL ORDER BY job`,
    );
    expect(runs.rows).toEqual([
      { job: 'expire-certificates', run_date: '2026-05-01' },
      { job: 'expire-points', run_date: '2026-05-01' },
    ]);
  }, 30_000);

  const memberEvents = (await s.runtime.deps.store.readStream(`member-${m.paxId}`)).map((e) => e.type);
  expect(memberEvents.filter((t) => t === 'PointsExpired')).toHaveLength(1);
  const certificateEvents = (await s.runtime.deps.store.readStream(`certificate-${r.body.certificate.id}`)).map((e) => e.type);
  expect(certificateEvents.filter((t) => t === 'CertificateStatusChanged')).toHaveLength(1);
  await eventually(async () => {
    const points = await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token });
    expect(points.body).toMatchObject({ balance: 0 });
    const certificates = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates`, { token: m.token });
    expect(JSON.stringify(certificates.body)).toContain('EXPIRED');
  }, 20_000);
});
