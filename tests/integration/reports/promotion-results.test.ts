import { randomUUID } from 'node:crypto';
import { decodeStreamEvent, encodeEvent, PromotionCreated, PromotionStatusChanged, type EventOfType } from '../../../event-schemas';
import { readModelNames } from '../../../projections/registry';
import { PROCESS_NAMES } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { groupOfLastName } from '../promotions/promotion-helpers';
import { wizardPromotion, wizardRecord } from '../promotions/wizard-helpers';
import { daysAgo, lineItem, postTreatment, seededProducts, settled, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

/** Waits until the read models and the processes (the promotion payouts) hold every event and append nothing more. */
const quiet = async () => {
  const names = [...readModelNames, ...PROCESS_NAMES];
  for (;;) {
    const r = await s.runtime.deps.pool.query<{ major: string; minor: string; count: string }>(
      `SELECT transaction_id::text AS major, global_position AS minor, (SELECT count(*) FROM es_events) AS count FROM es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const head = { major: BigInt(r.rows[0].major), minor: BigInt(r.rows[0].minor) };
    if (!(await s.runtime.deps.progress.waitFor(head, 60_000, names))) throw new Error('the log did not settle');
    const after = await s.runtime.deps.pool.query<{ count: string }>('SELECT count(*) AS count FROM es_events');
    if (after.rows[0].count === r.rows[0].count) return;
  }
};

type Award = EventOfType<'PromotionAwardEarned'>['data'];
const awardsOf = async (paxId: number): Promise<Award[]> =>
  (await s.runtime.deps.store.readStream(`member-${paxId}`))
    .filter((e) => e.type === 'PromotionAwardEarned')
    .map((e) => (decodeStreamEvent(e.streamName, e.type, e.data, e.metadata).event as EventOfType<'PromotionAwardEarned'>).data);

describe('GET /admin/reports/promotion-results', () => {
  it('gives what a promotion paid, in total and by date of service, as the log’s awards add up, against its forecast as recorded at publication', async () => {
    const lastName = `Results${randomUUID().replace(/[-\d]/g, '').slice(0, 8)}`;
    const a = await s.enroll({ lastName });
    const b = await s.enroll({ lastName });
    const groupId = await groupOfLastName(s, admin.token, lastName);
    const record = wizardRecord([products.treatment.id], daysAgo(10), daysAgo(-10), { participants: { groupIds: [groupId] } });
    // What the wizard's forecast says as it is published (nothing of the window processed yet).
    const shown = await s.call('POST', '/api/rest/wizard/promotions/forecast', { token: admin.token, body: record });
    expect(shown.status).toBe(200);
    const promotion = await wizardPromotion(s, admin.token, record);
    for (const [paxId, units, day] of [
      [a.paxId, 20, daysAgo(3)],
      [b.paxId, 12, daysAgo(2)],
      [a.paxId, 15, daysAgo(2)],
    ] as const) {
      const posted = await postTreatment(s, treatmentBody(paxId, [lineItem(products.treatment.id, units)], { dateOfService: day }));
      expect(posted.status).toBe(202);
      await settled(s, posted);
    }
    expect((await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} })).status).toBe(200);
    await quiet();

    const awards = (await Promise.all([a.paxId, b.paxId].map(awardsOf))).flat().filter((w) => w.promotionId === promotion.overview.id);
    expect(awards).toHaveLength(3);
    const r = await s.call('GET', '/api/rest/admin/reports/promotion-results', { token: admin.token });
    expect(r.status).toBe(200);
    const item = r.body.items.find((i: { promotionId: string }) => i.promotionId === promotion.overview.id);
    const points = awards.reduce((n, w) => n + w.amount, 0);
    const divisor = s.runtime.deps.settings.redemptionDivisor;
    expect(item.paid).toEqual({ members: 2, treatments: 3, points, certificates: 0, cost: Math.round((points / divisor) * 100) / 100 });
    const byDay = new Map<string, number>();
    for (const w of awards) byDay.set(w.dateOfService, (byDay.get(w.dateOfService) ?? 0) + w.amount);
    expect(item.byDay.map((d: { day: string; points: number }) => [d.day, d.points])).toEqual([...byDay.entries()].sort());

    // Against what the forecast said when it was published, recorded with the publication: the treatments processed
    // since do not move it, though a forecast of the same record today counts them.
    expect(item.forecast).toEqual({
      publishedOn: daysAgo(0),
      recorded: true,
      members: shown.body.members,
      treatments: shown.body.treatments,
      points: shown.body.points,
      certificates: shown.body.certificates,
      cost: Math.round((shown.body.points / divisor) * 100) / 100,
    });
    const now = await s.call('POST', '/api/rest/wizard/promotions/forecast', { token: admin.token, body: record });
    expect(now.body.treatments).toBe(3);
    expect(item.forecast.treatments).toBe(shown.body.treatments);
    expect(shown.body.treatments).toBe(0);
  });

  it('records the forecast when a draft is published by its status action, and replays it for a publication recorded without one', async () => {
    const lastName = `Recorded${randomUUID().replace(/[-\d]/g, '').slice(0, 8)}`;
    const a = await s.enroll({ lastName });
    const groupId = await groupOfLastName(s, admin.token, lastName);
    const posted = await postTreatment(s, treatmentBody(a.paxId, [lineItem(products.treatment.id, 20)], { dateOfService: daysAgo(4) }));
    await settled(s, posted);
    expect((await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} })).status).toBe(200);
    await quiet();
    const record = wizardRecord([products.treatment.id], daysAgo(10), daysAgo(-10), { participants: { groupIds: [groupId] } });
    const shown = await s.call('POST', '/api/rest/wizard/promotions/forecast', { token: admin.token, body: record });
    expect(shown.body.treatments).toBe(1);
    const draft = await wizardPromotion(s, admin.token, record, false);
    const published = await s.call('POST', `/api/rest/promotions/${draft.overview.id}/publish`, { token: admin.token, body: {} });
    expect(published.status).toBe(200);
    const stream = await s.runtime.deps.store.readStream(`promotion-${draft.overview.id}`);
    const publication = stream.map((e) => decodeStreamEvent(e.streamName, e.type, e.data, e.metadata).event).find((e) => e.type === 'PromotionStatusChanged');
    expect(publication?.data).toMatchObject({ to: 'ACTIVE', forecast: { treatments: 1, members: 1, points: shown.body.points, certificateValue: null } });

    // A publication from before forecasts were kept (its event without one): replayed on today's data, and said so.
    const older = randomUUID();
    const facts = { ...(stream[0].data as Record<string, unknown>), promotionId: older, promotionCode: `OLD${older.slice(0, 6)}`, name: 'Published long ago' };
    const meta = { actor: { kind: 'system', job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() };
    await s.runtime.deps.store.appendToStream(
      `promotion-${older}`,
      [
        encodeEvent(randomUUID(), PromotionCreated.of(facts as never), meta as never),
        encodeEvent(randomUUID(), PromotionStatusChanged.of({ promotionId: older, from: 'NEW', to: 'ACTIVE', reason: null }), meta as never),
      ],
      { expectedRevision: 'no_stream' },
    );
    await quiet();
    const r = await s.call('GET', '/api/rest/admin/reports/promotion-results', { token: admin.token });
    const item = (id: string) => r.body.items.find((i: { promotionId: string }) => i.promotionId === id);
    expect(item(draft.overview.id).forecast).toMatchObject({ recorded: true, treatments: 1 });
    expect(item(older).forecast).toMatchObject({ recorded: false, treatments: 1, members: 1 });
  });

  it('answers 403 to a member and 401 anonymously', async () => {
    const member = await s.enroll();
    expect((await s.call('GET', '/api/rest/admin/reports/promotion-results', { token: member.token })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/reports/promotion-results')).status).toBe(401);
  });
});
