import pg from 'pg';
import { decodeEvent } from '../../../event-schemas';
import { settingsFromEnv } from '../../../server/config';
import { handleCommand } from '../../../server/core/command-handler';
import { startRuntime, type Runtime } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { earnTreatmentPoints } from '../../../server/treatments/earn-treatment-points';
import { NightlyScheduler } from '../../../server/treatments/nightly-scheduler';
import { processTreatment, runProcessTreatments } from '../../../server/treatments/process-treatments';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, lineItem, postTreatment, seededProducts, settled, today, treatmentBody, type SeededProducts } from './treatment-helpers';

/** The nightly job with several server processes on one database, and the scheduler's claims and catch-up. */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

const pointsOf = (m: { paxId: number; token: string }) => s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token });

describe('several server processes', () => {
  let second: Runtime;
  beforeAll(async () => {
    second = await startRuntime({ databaseUrl: s.db.url, settings: settingsFromEnv(), embedded: true, log: () => undefined, poolSize: 5, runScheduler: false });
  });
  afterAll(() => second.stop());

  it('award a member’s capped points once when both run the job at the same time', async () => {
    const member = await s.enroll();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 5)], { dateOfService: daysAgo(4) }));
      ids.push(r.body.treatmentId as string);
      await settled(s, r);
    }
    const [a, b] = await Promise.all([runProcessTreatments(s.runtime.deps, today()), runProcessTreatments(second.deps, today())]);
    expect(a.processed + b.processed).toBeGreaterThanOrEqual(3);
    await eventually(async () => expect((await pointsOf(member)).body).toMatchObject({ balance: 1000, pending: 0 }));
    for (const id of ids) {
      const types = (await s.runtime.deps.store.readStream(`treatment-${id}`)).map((e) => e.type);
      expect(types.filter((t) => t === 'TreatmentProcessed')).toHaveLength(1);
    }
    const memberEvents = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    expect(memberEvents.filter((e) => e.type === 'TreatmentPointsComputed')).toHaveLength(3);
  });

  it('finish a treatment whose award was decided before a crash, without awarding again', async () => {
    const member = await s.enroll();
    const posted = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 3)], { dateOfService: daysAgo(5) }));
    const id = posted.body.treatmentId as string;
    await settled(s, posted);
    // The member stream decided (and credited) the award, then the process died before marking the treatment.
    const recorded = (await s.runtime.deps.store.readStream(`treatment-${id}`)).map((e) => decodeEvent(e.type, e.data, e.metadata).event)[0];
    if (recorded.type !== 'TreatmentRecorded') throw new Error('expected TreatmentRecorded');
    const d = recorded.data;
    await handleCommand(
      s.runtime.deps.store,
      earnTreatmentPoints,
      `member-${member.paxId}`,
      { ...d, today: today(), expiryMonths: 12, partnerDailyLimit: 500 },
      { actor: { kind: 'system', job: 'test' }, correlationId: 'crash', now: new Date() },
    );
    await Promise.all([processTreatment(s.runtime.deps, id), processTreatment(second.deps, id)]);
    expect((await processTreatment(s.runtime.deps, id)).pointsAwarded).toBe(0);
    expect((await s.runtime.deps.store.readStream(`treatment-${id}`)).map((e) => e.type)).toEqual(['TreatmentRecorded', 'TreatmentProcessed']);
    const awards = (await s.runtime.deps.store.readStream(`member-${member.paxId}`)).filter((e) => e.type === 'PointsAwarded');
    expect(awards).toHaveLength(1);
  });

  it('claim each nightly run date once', async () => {
    const now = () => new Date('2026-06-01T12:00:00Z');
    const ran: string[] = [];
    const job = (who: string) => ({ name: 'claim-test', run: async (d: string) => void ran.push(`${who}:${d}`) });
    const options = (rt: Runtime) => ({ pool: rt.deps.pool, timeZone: 'America/Los_Angeles', now, log: () => undefined });
    const schedulers = [new NightlyScheduler(options(s.runtime), [job('a')]), new NightlyScheduler(options(second), [job('b')])];
    await Promise.all(schedulers.map((x) => x.tick()));
    await Promise.all(schedulers.map((x) => x.tick()));
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatch(/:2026-05-31$/);
  });
});

describe('a scheduler that was down', () => {
  it('catches up the missed run dates from job_runs, in order', async () => {
    await s.runtime.deps.pool.query(`INSERT INTO job_runs (job, run_date, finished_at) VALUES ('catch-up-test', '2026-03-06', now())`);
    const ran: string[] = [];
    const scheduler = new NightlyScheduler(
      { pool: s.runtime.deps.pool, timeZone: 'America/Los_Angeles', now: () => new Date('2026-03-10T08:00:00Z'), log: () => undefined },
      [{ name: 'catch-up-test', run: async (d: string) => void ran.push(d) }],
    );
    expect(await scheduler.tick()).toEqual({ 'catch-up-test': ['2026-03-07', '2026-03-08', '2026-03-09'] });
    expect(await scheduler.tick()).toEqual({ 'catch-up-test': [] });
    expect(ran).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('gives a failed run’s claim back so the next tick tries again', async () => {
    let fail = true;
    const scheduler = new NightlyScheduler(
      { pool: s.runtime.deps.pool, timeZone: 'America/Los_Angeles', now: () => new Date('2026-03-10T08:00:00Z'), log: () => undefined },
      [
        {
          name: 'retry-test',
          run: async () => {
            if (fail) throw new Error('boom');
          },
        },
      ],
    );
    expect(await scheduler.tick()).toEqual({ 'retry-test': [] });
    fail = false;
    expect(await scheduler.tick()).toEqual({ 'retry-test': ['2026-03-09'] });
  });
});

describe('a job run right after a report', () => {
  it('processes the treatment even while a transaction opened before the report is still open (it waits for it)', async () => {
    const member = await s.enroll();
    // A write transaction that began before the report and has not ended (a projection batch, another command): the log
    // is read in order only up to it, so the treatments read model cannot see the report until it ends.
    const held = new pg.Client({ connectionString: s.db.url });
    await held.connect();
    try {
      await held.query('BEGIN');
      await held.query('SELECT pg_current_xact_id()');
      const reported = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 5)], { dateOfService: daysAgo(2) }));
      expect(reported.status).toBe(202);
      const job = s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} });
      await new Promise((r) => setTimeout(r, 300));
      await held.query('COMMIT');
      const run = await job;
      expect(run.status).toBe(200);
      // Before the job waited for what was committed, it ran on the read model without this report: nothing earned.
      const points = await s.call('GET', `/api/rest/participants/${member.paxId}/points`, {
        token: member.token,
        headers: { 'x-wait-for-position': run.body.position as string },
      });
      expect(points.body).toMatchObject({ pending: 0 });
      expect(points.body.balance).toBeGreaterThan(0);
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      await held.end();
    }
  });
});
