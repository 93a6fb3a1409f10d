import { randomUUID } from 'node:crypto';
import { decodeStreamEvent, type EventOfType } from '../../../event-schemas';
import { comparePositions, parsePosition } from '../../../event-schemas/store/position';
import { catchUp, readCheckpoint, resetProjection } from '../../../projections/runner';
import type { ProjectedEvent } from '../../../projections/projection';
import { startRuntime } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { promotionPayouts } from '../../../server/promotions/promotion-payouts';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, lineItem, postTreatment, seededProducts, settled, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';
import { groupOfLastName, statusAction } from './promotion-helpers';
import { wizardPromotion, wizardRecord } from './wizard-helpers';
import { committedHead } from '../../support/committed-head';

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

type Award = EventOfType<'PromotionAwardEarned'>['data'];
const settings = settingsFromEnv();
const payoutProcess = () => promotionPayouts({ pool: s.runtime.deps.pool, store: s.runtime.deps.store, settings, now: () => new Date(), log: () => undefined });
const runJob = () => s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} });

/** Members of their own group (a last name no other test uses), so promotions of one test never pay another's members. */
async function cohort(n = 1) {
  const lastName = `Cohort${randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`;
  const members = [];
  for (let i = 0; i < n; i++) members.push(await s.enroll({ lastName }));
  return { members, groupId: await groupOfLastName(s, admin.token, lastName) };
}

/** A promotion for the group: 10 neuromodulator units or more pay 2 points a unit. */
const promotion = (groupId: number, over: Record<string, unknown> = {}, finalize = true) =>
  wizardPromotion(
    s,
    admin.token,
    wizardRecord([products.treatment.id], daysAgo(10), daysAgo(-10), { participants: { groupIds: [groupId] }, ...over }),
    finalize,
  );

async function treat(paxId: number, units: number, dateOfService = daysAgo(2), run = true) {
  const posted = await postTreatment(s, treatmentBody(paxId, [lineItem(products.treatment.id, units)], { dateOfService }));
  expect(posted.status).toBe(202);
  await settled(s, posted);
  if (run) expect((await runJob()).status).toBe(200);
  return posted.body.treatmentId as string;
}

/** Waits until the payout process has passed everything written so far, so "no award" means something. */
async function payoutsDone() {
  const head = await committedHead(s.runtime.deps.pool);
  if (!head) return;
  await eventually(async () => {
    const at = (await readCheckpoint(s.runtime.deps.pool, 'promotion-payouts')).position;
    expect(at !== 'start' && comparePositions(at, head) >= 0).toBe(true);
  }, 20_000);
}

async function awardsOf(paxId: number): Promise<Award[]> {
  const events = await s.runtime.deps.store.readStream(`member-${paxId}`);
  return events
    .filter((e) => e.type === 'PromotionAwardEarned')
    .map((e) => (decodeStreamEvent(e.streamName, e.type, e.data, e.metadata).event as EventOfType<'PromotionAwardEarned'>).data);
}
const promotionLots = async (paxId: number) =>
  (await s.runtime.deps.store.readStream(`member-${paxId}`)).filter((e) => e.type === 'PointsAwarded' && (e.data as { source: string }).source === 'PROMOTION');

/** A member of their own group and a published promotion paying them a $25 Sparkle Offer certificate for 10 units. */
async function certificatePromotionMember() {
  const { members, groupId } = await cohort();
  const pool = s.runtime.deps.pool;
  await pool.query(
    `INSERT INTO certificate_categories (code, name, nullify_awards, default_expiration_days) VALUES ('SPARKLE_OFFER', 'Sparkle Offer Certificate', false, 60) ON CONFLICT DO NOTHING`,
  );
  await pool.query(
    `INSERT INTO certificate_category_variants (category_code, amount, purchase_price, position) VALUES ('SPARKLE_OFFER', 25, 250, 0) ON CONFLICT DO NOTHING`,
  );
  await promotion(groupId, {
    payoutAndRules: {
      awardType: 'CERTIFICATE',
      certificateCategoryCode: 'SPARKLE_OFFER',
      rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 10, award: 1, payMethod: 'flat' }] }],
    },
  });
  return members[0];
}

describe('promotion payouts', () => {
  it('pays a processed treatment inside the window: an award naming promotion, revision, rule and treatment, credited as a PROMOTION lot', async () => {
    const { members, groupId } = await cohort();
    const [m] = members;
    const p = await promotion(groupId);
    const treatmentId = await treat(m.paxId, 12);
    await eventually(async () => expect(await awardsOf(m.paxId)).toHaveLength(1));
    expect((await awardsOf(m.paxId))[0]).toEqual(
      expect.objectContaining({
        promotionId: p.overview.id,
        promotionRevision: 1,
        promotionName: 'Spring Sparkle',
        ruleName: 'Neuromodulator units',
        treatmentId,
        units: 12,
        tierTarget: 10,
        amount: 24,
        awardType: 'POINT',
      }),
    );
    await eventually(async () => {
      const points = await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token });
      expect(points.body.balance).toBe(12 * products.treatment.pointsPerUnit + 24);
      const activity = await s.call('GET', `/api/rest/patients/${m.paxId}/activity-headers?page=0&size=10`, { token: m.token });
      const treatmentRow = activity.body.items.find((i: { id: string }) => i.id === treatmentId);
      const detail = await s.call('GET', treatmentRow.detailUrl, { token: m.token });
      expect(detail.body.promotionAwards).toEqual([
        expect.objectContaining({
          awardType: 'POINT',
          certificateType: 'HCP',
          promotion: { id: p.overview.id, name: 'Spring Sparkle' },
          award: { amount: 24, expirationDate: expect.any(String) },
        }),
      ]);
      expect(activity.body.items).toContainEqual(
        expect.objectContaining({ activityType: 'BONUS POINTS EARNED', points: 24, description: `Spring Sparkle: 12 units on ${daysAgo(2)}` }),
      );
      const tiles = await s.call('GET', '/api/rest/promotions/tiles', { token: m.token });
      expect(tiles.body.items.find((t: { promoId: string }) => t.promoId === p.overview.id).earned).toEqual({ points: 24, certificates: 0, treatments: 1 });
    });
  });

  it('pays nothing below the lowest tier, outside the window, to members outside its groups, or while NEW', async () => {
    const { members, groupId } = await cohort(2);
    const outsider = await s.enroll();
    await promotion(groupId);
    await promotion(groupId, {}, false); // NEW: pays nothing
    await treat(members[0].paxId, 9);
    await treat(members[1].paxId, 30, daysAgo(12));
    await treat(outsider.paxId, 30);
    await payoutsDone();
    expect(await awardsOf(members[0].paxId)).toEqual([]);
    expect(await awardsOf(members[1].paxId)).toEqual([]);
    expect((await awardsOf(outsider.paxId)).filter((a) => a.promotionName === 'Spring Sparkle' && a.units === 30)).toEqual([]);
  });

  it('ENDED still pays for treatments inside its window; PAYMENTS_STOPPED pays nothing more', async () => {
    const { members, groupId } = await cohort(2);
    const ended = await promotion(groupId);
    expect((await statusAction(s, admin.token, ended.overview.id, 'end')).status).toBe(200);
    await treat(members[0].paxId, 10);
    await eventually(async () => expect((await awardsOf(members[0].paxId)).map((a) => a.promotionId)).toEqual([ended.overview.id]));
    expect((await statusAction(s, admin.token, ended.overview.id, 'stop-payments')).status).toBe(200);
    await treat(members[1].paxId, 10);
    await payoutsDone();
    expect(await awardsOf(members[1].paxId)).toEqual([]);
  });

  it('holds the daily cap per member and day of service', async () => {
    const { members, groupId } = await cohort();
    const [m] = members;
    await promotion(groupId, {
      payoutAndRules: { awardType: 'POINT', rewardDailyCap: 50, rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 10, award: 2 }] }] },
    });
    await treat(m.paxId, 20, daysAgo(3), false);
    await treat(m.paxId, 20, daysAgo(3), false);
    await treat(m.paxId, 20, daysAgo(4), true);
    await eventually(async () => expect(await awardsOf(m.paxId)).toHaveLength(3));
    const byDay = (await awardsOf(m.paxId)).reduce<Record<string, number>>(
      (acc, a) => ({ ...acc, [a.dateOfService]: (acc[a.dateOfService] ?? 0) + a.amount }),
      {},
    );
    expect(byDay).toEqual({ [daysAgo(3)]: 50, [daysAgo(4)]: 40 });
  });

  it('retro: publishing pays the treatments already processed inside the window; without retro they stay unpaid', async () => {
    const { members, groupId } = await cohort(2);
    await treat(members[0].paxId, 15);
    await treat(members[1].paxId, 15);
    const retro = await promotion(
      groupId,
      { payoutAndRules: { awardType: 'POINT', retro: true, rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 10, award: 1 }] }] } },
      false,
    );
    const plain = await promotion(groupId, {}, false);
    await payoutsDone();
    expect(await awardsOf(members[0].paxId)).toEqual([]);
    expect((await statusAction(s, admin.token, plain.overview.id, 'publish')).status).toBe(200);
    expect((await statusAction(s, admin.token, retro.overview.id, 'publish')).status).toBe(200);
    await eventually(async () => {
      for (const m of members)
        expect((await awardsOf(m.paxId)).map((a) => [a.promotionId, a.amount, a.promotionRevision])).toEqual([[retro.overview.id, 15, 1]]);
    });
  });

  it('issues a CERTIFICATE award as one certificate of the promotion’s category', async () => {
    const m = await certificatePromotionMember();
    await treat(m.paxId, 10);
    await eventually(async () => {
      const wallet = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates?page=0&size=20`, { token: m.token });
      expect(wallet.body.items).toEqual([expect.objectContaining({ name: 'Sparkle Offer Certificate', amount: 25, status: 'ACTIVE' })]);
    });
    const [award] = await awardsOf(m.paxId);
    expect(award).toEqual(expect.objectContaining({ awardType: 'CERTIFICATE', amount: 25, lotId: null }));
    expect(await promotionLots(m.paxId)).toEqual([]);
  });
});

describe('a void of a treatment that earned a promotion certificate', () => {
  /** A member whose processed treatment earned a Sparkle Offer certificate; answers the treatment and the certificate. */
  async function earned() {
    const m = await certificatePromotionMember();
    const treatmentId = await treat(m.paxId, 10);
    const certificate = await eventually(async () => {
      const wallet = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates?page=0&size=20`, { token: m.token });
      const item = (wallet.body.items as { code: string; name: string; status: string }[]).find((c) => c.name === 'Sparkle Offer Certificate');
      expect(item).toMatchObject({ status: 'ACTIVE' });
      return item!;
    });
    return { m, treatmentId, certificate };
  }
  const voidIt = (treatmentId: string) =>
    s.call('POST', `/api/rest/admin/treatments/${treatmentId}/void`, { token: admin.token, body: { reason: 'Refunded' } });
  const statusOf = async (paxId: number, code: string) =>
    (await s.runtime.deps.pool.query<{ status: string }>('SELECT status FROM rm_certificates WHERE pax_id = $1 AND code = $2', [paxId, code])).rows[0]?.status;

  it('revokes it while unused: VOID in the wallet, named by the void, and no treatment can use it', async () => {
    const { m, treatmentId, certificate } = await earned();
    const voided = await voidIt(treatmentId);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ certificatesRevoked: [certificate.code], certificatesOwed: [] });
    await s.runtime.deps.progress.waitFor(parsePosition(voided.body.position)!, 15_000);
    expect(await statusOf(m.paxId, certificate.code)).toBe('VOID');
    const used = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 1)], { redeemedCertificateCodes: [certificate.code] }));
    expect(used.status).toBe(400);
    expect(used.body.errors[0]).toMatchObject({ path: 'body.redeemedCertificateCodes.0', message: expect.stringMatching(/voided/) });
    // The payout process following the log again issues nothing more for the voided treatment.
    await resetProjection(s.runtime.deps.pool, payoutProcess());
    await catchUp(s.runtime.deps.pool, s.runtime.deps.store, payoutProcess());
    const again = await s.runtime.deps.pool.query('SELECT 1 FROM rm_certificates WHERE pax_id = $1 AND name = $2', [m.paxId, 'Sparkle Offer Certificate']);
    expect(again.rowCount).toBe(1);
  });

  it('answers a used one as owed, with its value, and leaves it used', async () => {
    const { m, treatmentId, certificate } = await earned();
    const spent = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 1)], { redeemedCertificateCodes: [certificate.code] }));
    expect(spent.status).toBe(202);
    await settled(s, spent);
    const voided = await voidIt(treatmentId);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ certificatesRevoked: [], certificatesOwed: [{ code: certificate.code, amount: 25 }] });
    const used = await s.runtime.deps.pool.query<{ redeemed_treatment_id: string }>('SELECT redeemed_treatment_id FROM rm_certificates WHERE code = $1', [
      certificate.code,
    ]);
    expect(used.rows[0].redeemed_treatment_id).toBe(spent.body.treatmentId);
  });
});

describe('a treatment pays a promotion at most once', () => {
  it('under concurrent job runs', async () => {
    const { members, groupId } = await cohort();
    const [m] = members;
    await promotion(groupId);
    await treat(m.paxId, 12, daysAgo(2), false);
    const runs = await Promise.all([runJob(), runJob(), runJob()]);
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    await payoutsDone();
    expect(await awardsOf(m.paxId)).toHaveLength(1);
    expect(await promotionLots(m.paxId)).toHaveLength(1);
  });

  it('under a replay from the start, a redelivery after a crash, and two servers following the same log', async () => {
    const { members, groupId } = await cohort();
    const [m] = members;
    await promotion(groupId, {
      payoutAndRules: { awardType: 'POINT', retro: true, rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 10, award: 2 }] }] },
    });
    const treatmentId = await treat(m.paxId, 12);
    await eventually(async () => expect(await awardsOf(m.paxId)).toHaveLength(1));

    // A restart that lost the checkpoint replays the whole log (retro publications included).
    await resetProjection(s.runtime.deps.pool, payoutProcess());
    await catchUp(s.runtime.deps.pool, s.runtime.deps.store, payoutProcess());
    await payoutsDone();
    expect(await awardsOf(m.paxId)).toHaveLength(1);

    // A crash after the member append but before the checkpoint commit: the runner hands the same event again, here
    // twice at once (as two servers would), each in a transaction that is then rolled back.
    const stored = (await s.runtime.deps.store.readStream(`treatment-${treatmentId}`)).find((e) => e.type === 'TreatmentProcessed')!;
    const decoded = decodeStreamEvent(stored.streamName, stored.type, stored.data, stored.metadata);
    const projected = {
      event: decoded.event,
      metadata: decoded.metadata,
      streamName: stored.streamName,
      revision: stored.revision,
      position: stored.position,
      eventId: stored.eventId,
    } as ProjectedEvent<never>;
    const redeliver = async () => {
      const db = await s.runtime.deps.pool.connect();
      try {
        await db.query('BEGIN');
        await payoutProcess().apply(db, projected);
      } finally {
        await db.query('ROLLBACK');
        db.release();
      }
    };
    await Promise.all([redeliver(), redeliver()]);
    expect(await awardsOf(m.paxId)).toHaveLength(1);

    const second = await startRuntime({ databaseUrl: s.db.url, settings, log: () => undefined, poolSize: 5, runScheduler: false });
    try {
      await treat(m.paxId, 11, daysAgo(1));
      await eventually(async () => expect(await awardsOf(m.paxId)).toHaveLength(2));
      await payoutsDone();
    } finally {
      await second.stop();
    }
    expect(await awardsOf(m.paxId)).toHaveLength(2);
    expect(await promotionLots(m.paxId)).toHaveLength(2);
  });
});

describe('POST /wizard/promotions/forecast', () => {
  it('replays the window’s processed treatments through a draft’s rules, paying nothing', async () => {
    const { members, groupId } = await cohort(2);
    await treat(members[0].paxId, 12, daysAgo(3), false);
    await treat(members[0].paxId, 30, daysAgo(3), false);
    await treat(members[1].paxId, 5, daysAgo(2), true);
    await payoutsDone();
    const head = (await committedHead(s.runtime.deps.pool)) ?? 'start';
    const draft = wizardRecord([products.treatment.id], daysAgo(10), daysAgo(-10), {
      participants: { groupIds: [groupId] },
      payoutAndRules: { awardType: 'POINT', rewardDailyCap: 70, rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 10, award: 2 }] }] },
    });
    const r = await s.call('POST', '/api/rest/wizard/promotions/forecast', { token: admin.token, body: draft });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      from: daysAgo(10),
      to: daysAgo(0),
      lookback: false,
      members: 1,
      treatments: 2,
      points: 70,
      certificates: 0,
      busiestDays: [{ date: daysAgo(3), treatments: 2, points: 70, certificates: 0 }],
    });
    // Nothing paid: no award or credit was appended anywhere after the forecast began.
    const since = await s.runtime.deps.store.readAll(head, 1000);
    expect(since.filter((e) => e.type === 'PromotionAwardEarned' || e.type === 'PointsAwarded')).toEqual([]);
    const noRules = await s.call('POST', '/api/rest/wizard/promotions/forecast', { token: admin.token, body: { ...draft, payoutAndRules: { rules: [] } } });
    expect(noRules.status).toBe(400);
    expect(noRules.body.errors).toEqual([{ path: 'body.payoutAndRules.rules', message: 'must hold at least one rule to forecast' }]);
  });
});
