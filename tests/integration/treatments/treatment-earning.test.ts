import { randomUUID } from 'node:crypto';
import { CertificateIssued, certificateStream, encodeEvent } from '../../../event-schemas';
import { readModels } from '../../../projections/registry';
import { settingsFromEnv } from '../../../server/config';

const projectionByName = (name: string) => readModels(settingsFromEnv()).find((p) => p.name === name);
import { resetProjection } from '../../../projections/runner';
import { settle } from '../../support/settle';
import { DEMO } from '../../../server/seed/demo';
import { CUT_REASONS } from '../../../server/treatments/earning-rules';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { SseClient } from '../live/sse-client';
import { daysAgo, lineItem, postTreatment, seededProducts, settled, today, treatmentBody, type SeededProducts } from './treatment-helpers';
import { committedHead } from '../../support/committed-head';

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

const runJob = (body: unknown = {}) => s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body });
const pointsOf = (m: { paxId: number; token: string }, position?: string) =>
  s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token, headers: position ? { 'x-wait-for-position': position } : {} });
const headersOf = (m: { paxId: number; token: string }, query = '') =>
  s.call('GET', `/api/rest/patients/${m.paxId}/activity-headers${query}`, { token: m.token });

describe('a member’s treatments, from pending to earned', () => {
  it('shows pending points and activity, then awards the capped points once, live', async () => {
    const member = await s.enroll();
    const other = await s.enroll();
    const live = await SseClient.open(`${s.url}/api/rest/live`, { 'auth-token': member.token });
    try {
      const date = daysAgo(3);
      const first = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 7)], { dateOfService: date, hcpName: 'Dr. First' }));
      const second = await postTreatment(
        s,
        treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 6), lineItem(products.partner.id, 60, { isPriviPlan: true })], {
          dateOfService: date,
          hcpName: 'Dr. Second',
        }),
      );
      expect([first.status, second.status]).toEqual([202, 202]);

      // Pending is each treatment's own capped estimate: 700, and 600 + 500 (the partner daily limit).
      const pending = await pointsOf(member, second.headers.get('x-position') ?? undefined);
      expect(pending.body).toMatchObject({ balance: 0, pending: 1800 });
      const before = await eventually(async () => {
        const r = await headersOf(member);
        expect(r.body.totalElements).toBe(2);
        return r;
      });
      expect(before.body.items.map((i: { activityType: string }) => i.activityType)).toEqual(['TREATMENT PENDING', 'TREATMENT PENDING']);

      await settled(s, second);
      const run = await runJob();
      expect(run.status).toBe(200);
      expect(run.body.processed).toBeGreaterThanOrEqual(2);
      // The run says where it wrote: its awards are readable at once through that position, with no polling. A run
      // that wrote nothing has no position to give.
      expect(run.body.position).toMatch(/^\d+-\d+$/);
      expect((await pointsOf(member, run.body.position)).body).toMatchObject({ balance: 1500, pending: 0 });
      const again = await runJob();
      expect(again.body).toEqual({ processed: 0, pointsAwarded: 0 });

      // 700 + 300 (the date's 1,000 cap) + 500 partner points.
      await live.waitFor(
        (f) => f.event === 'points' && JSON.parse(f.data ?? '{}').balance === 1500 && JSON.parse(f.data ?? '{}').pending === 0,
        10_000,
        'the earned points',
      );
      await eventually(async () => expect((await pointsOf(member)).body).toMatchObject({ balance: 1500, pending: 0 }));
      await live.waitFor((f) => f.event === 'activity' && JSON.parse(f.data ?? '{}').activityType === 'TREATMENT', 10_000, 'an activity message');

      const after = await eventually(async () => {
        const r = await headersOf(member, `?start-date=${date}&end-date=${date}&page=0`);
        expect(r.body.items.every((i: { activityType: string }) => i.activityType === 'TREATMENT')).toBe(true);
        return r;
      });
      expect(after.body).toMatchObject({ page: 0, size: 10, totalElements: 2 });
      const secondHeader = after.body.items.find((i: { id: string }) => i.id === second.body.treatmentId);
      expect(secondHeader).toMatchObject({
        activityDate: date,
        points: 800,
        detailUrl: `/api/rest/patients/${member.paxId}/activity/${second.body.treatmentId as string}`,
      });

      // The status comes from the treatment stream's TreatmentProcessed, appended after the member stream's award.
      await eventually(async () => {
        const detail = await s.call('GET', secondHeader.detailUrl, { token: member.token });
        expect(detail.status).toBe(200);
        expect(detail.body).toMatchObject({
          hcpName: 'Dr. Second',
          treatmentStatus: 'PROCESSED',
          promotionAwards: [],
          redeemedCertificates: [],
          whyNoPoints: [CUT_REASONS.dateCap, CUT_REASONS.partnerLimit],
          treatmentLineItems: [
            {
              quantity: 6,
              product: { category: 'TREATMENT', brand: expect.any(String), name: expect.any(String), msrpPerUnit: expect.any(Number) },
              isPriviPlan: false,
              injector: { firstName: 'Ina', lastName: 'Injector' },
              award: { amount: 300, expirationDate: expect.any(String) },
            },
            { quantity: 60, product: { category: 'PARTNER' }, isPriviPlan: true, award: { amount: 500 } },
          ],
        });
      });
      expect((await headersOf(member, `?start-date=${daysAgo(1)}`)).body.totalElements).toBe(0);

      // Member B may not read member A's activity.
      expect((await s.call('GET', `/api/rest/patients/${member.paxId}/activity-headers`, { token: other.token })).status).toBe(403);
      expect((await s.call('GET', secondHeader.detailUrl, { token: other.token })).status).toBe(403);
      expect((await s.call('GET', `/api/rest/patients/${member.paxId}/activity-headers`, { token: admin.token })).status).toBe(200);
    } finally {
      live.close();
    }
  });
});

describe('a financed treatment', () => {
  it('waits for the patient’s confirmation through the link sent by e-mail and text', async () => {
    const member = await s.login(DEMO.member.email);
    const posted = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 50)], { financed: true, dateOfService: daysAgo(1) }));
    expect(posted.body).toEqual({ treatmentId: expect.any(String), status: 'PENDING_APPROVAL' });
    const id = posted.body.treatmentId as string;
    const sent = await s.runtime.deps.pool.query<{ channel: string; body: string }>(`SELECT channel, body FROM outbox WHERE body LIKE $1 ORDER BY id`, [
      `%/treatments/${id}/confirm%`,
    ]);
    expect(sent.rows.map((r) => r.channel)).toEqual(['email', 'sms']);
    const token = /token=([\w-]+)/.exec(sent.rows[0].body)?.[1];

    await runJob();
    expect((await s.runtime.deps.store.readStream(`treatment-${id}`)).map((e) => e.type)).toEqual(['TreatmentRecorded', 'TreatmentApprovalRequested']);

    const wrong = await s.call('POST', `/api/rest/treatments/${id}/confirm`, { body: { token: 'guessed' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'body.token', message: expect.any(String) }]);
    const confirmed = await s.call('POST', `/api/rest/treatments/${id}/confirm`, { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ treatmentId: id, status: 'PENDING' });
    expect((await s.call('POST', `/api/rest/treatments/${id}/confirm`, { body: { token } })).status).toBe(400);
    expect((await s.call('POST', `/api/rest/treatments/00000000-0000-4000-8000-000000000000/confirm`, { body: { token } })).status).toBe(404);

    await eventually(async () => {
      await runJob();
      expect((await s.runtime.deps.store.readStream(`treatment-${id}`)).map((e) => e.type)).toContain('TreatmentProcessed');
    });
  });
});

describe('a certificate that restricts earnings', () => {
  it('makes its treatment earn nothing, and says why', async () => {
    const member = await s.enroll();
    // A real certificate (its stream and its read row): a treatment uses it on its stream, so a read row alone will not do.
    const certificateId = randomUUID();
    const issued = CertificateIssued.of({
      certificateId,
      code: 'COURTESY-TEST-1',
      paxId: member.paxId,
      amount: 50,
      pointsCost: 0,
      name: 'Courtesy treatment',
      certificateCategoryType: null,
      displayCategory: 'courtesy',
      status: 'ACTIVE',
      issuedAt: new Date().toISOString(),
      expirationDate: '2099-01-01',
    });
    const meta = {
      actor: { kind: 'system', job: 'test' } as const,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    const appended = await s.runtime.deps.store.appendToStream(certificateStream(certificateId), [encodeEvent(randomUUID(), issued, meta)], {
      expectedRevision: 'no_stream',
    });
    if (!(await s.runtime.deps.progress.waitFor(appended.position, 15_000))) throw new Error('read models did not catch up');
    const posted = await postTreatment(
      s,
      treatmentBody(member.paxId, [lineItem(products.bigTreatment.id, 2)], { redeemedCertificateCodes: ['COURTESY-TEST-1', 'UNKNOWN-CODE'] }),
    );
    await settled(s, posted);
    expect((await pointsOf(member)).body.pending).toBe(0);
    await runJob();
    const detail = await eventually(async () => {
      const r = await s.call('GET', `/api/rest/patients/${member.paxId}/activity/${posted.body.treatmentId as string}`, { token: member.token });
      expect(r.body.activityType).toBe('TREATMENT');
      return r;
    });
    expect(detail.body).toMatchObject({
      points: 0,
      whyNoPoints: [CUT_REASONS.nullified],
      redeemedCertificates: [
        { code: 'COURTESY-TEST-1', name: 'Courtesy treatment', amount: 50, certificateCategoryType: null },
        { code: 'UNKNOWN-CODE', name: null, amount: null },
      ],
    });
    expect((await pointsOf(member)).body).toMatchObject({ balance: 0, pending: 0 });
  });
});

describe('the job route', () => {
  it('is for admins, and refuses a future asOf', async () => {
    const member = await s.login(DEMO.member.email);
    expect((await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: member.token, body: {} })).status).toBe(403);
    const future = await runJob({ asOf: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.errors[0].path).toBe('body.asOf');
  });
});

describe('other activity', () => {
  it('shows an admin award as BONUS POINTS EARNED with its expiry', async () => {
    const member = await s.enroll();
    const given = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 250, description: 'Goodwill', idempotencyKey: `bonus-${member.paxId}` },
    });
    expect(given.status).toBe(201);
    const headers = await eventually(async () => {
      const r = await headersOf(member);
      expect(r.body.totalElements).toBe(1);
      return r;
    });
    expect(headers.body.items[0]).toMatchObject({ activityType: 'BONUS POINTS EARNED', points: 250, description: 'Goodwill', activityDate: today() });
    const detail = await s.call('GET', headers.body.items[0].detailUrl, { token: member.token });
    expect(detail.body).toMatchObject({ description: 'Goodwill', amount: 250, expirationDate: expect.any(String) });
  });
});

describe('rebuilding the treatment read models', () => {
  it('gives the same rows as the live-maintained ones', async () => {
    const pool = s.runtime.deps.pool;
    const snapshot = async () => ({
      activity: (await pool.query('SELECT id, pax_id, activity_type, activity_date, points, description, detail FROM rm_activity ORDER BY id')).rows,
      treatments: (await pool.query('SELECT treatment_id, pax_id, status, date_of_service FROM rm_treatments ORDER BY treatment_id')).rows,
    });
    const head = await committedHead(s.runtime.deps.pool);
    if (head) await s.runtime.deps.progress.waitFor(head, 10_000);
    const live = await snapshot();
    expect(live.activity.length).toBeGreaterThanOrEqual(5);
    for (const name of ['activity', 'treatments']) {
      const projection = projectionByName(name)!;
      await resetProjection(pool, projection);
      await settle(pool, s.runtime.deps.store, projection);
    }
    expect(await snapshot()).toEqual(live);
  });
});
