import { randomUUID } from 'node:crypto';
import { rebuildReadModels } from '../../../projections/rebuild';
import { hashToken } from '../../../server/auth/tokens';
import { registeredReadModels } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, lineItem, seededProducts, settled, treatmentBody, type SeededProducts } from './treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
let otherPracticeKey: string;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false, settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
  const other = await s.runtime.deps.pool.query<{ practice_id: string }>(`INSERT INTO practices (name) VALUES ('Another Practice') RETURNING practice_id`);
  otherPracticeKey = `other-${randomUUID()}`;
  await s.runtime.deps.pool.query('INSERT INTO practice_api_keys (practice_id, key_hash) VALUES ($1, $2)', [
    other.rows[0].practice_id,
    hashToken(otherPracticeKey),
  ]);
});
afterAll(() => s.stop());

type Member = { token: string; paxId: number };
const practice = { 'x-api-key': DEMO.practiceKey };

const record = async (m: Member, lines: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await s.call('POST', '/api/rest/practice/treatments', { body: treatmentBody(m.paxId, lines, extra), headers: practice });
  expect(r.status).toBe(202);
  await settled(s, r);
  return r.body as { treatmentId: string; expectedPoints: number };
};
const runJob = async () => {
  const r = await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} });
  expect(r.status).toBe(200);
  return r.body as { processed: number; pointsAwarded: number; position?: string };
};
const voidAs = (treatmentId: string, who: 'practice' | 'admin' | 'other', reason = 'Entered for the wrong patient') =>
  s.call('POST', who === 'admin' ? `/api/rest/admin/treatments/${treatmentId}/void` : `/api/rest/practice/treatments/${treatmentId}/void`, {
    body: { reason },
    ...(who === 'admin' ? { token: admin.token } : { headers: who === 'practice' ? practice : { 'x-api-key': otherPracticeKey } }),
  });
const wait = (position: string) => ({ 'x-wait-for-position': position });
const pointsOf = async (m: Member, position: string) =>
  (await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token, headers: wait(position) })).body as { balance: number; pending: number };
type Header = { id: string; activityType: string; points: number; description: string };
const activityOf = async (m: Member, position: string) =>
  (await s.call('GET', `/api/rest/patients/${m.paxId}/activity-headers?size=100`, { token: m.token, headers: wait(position) })).body.items as Header[];
/** The activity's rows other than pending treatments add up to the balance (README, "Activity"). */
const activitySum = (rows: Header[]) => rows.filter((r) => r.activityType !== 'TREATMENT PENDING').reduce((n, r) => n + r.points, 0);
const welcomeOf = (m: Member) =>
  eventually(async () => {
    const r = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates`, { token: m.token });
    const item = (r.body.items as { id: string; code: string; status: string; displayStatus: string; expirationDate: string }[]).find((c) => c.code);
    expect(item).toBeDefined();
    return item!;
  });

describe('when a pending treatment is voided', () => {
  it('reverses nothing, drops its pending points, gives its certificate back, and the nightly job awards nothing', async () => {
    const m = await s.enroll();
    const welcome = await welcomeOf(m);
    const recorded = await record(m, [lineItem(products.treatment.id, 10)], { redeemedCertificateCodes: [welcome.code] });
    const position = (await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).body;
    expect(position.pending).toBe(recorded.expectedPoints);

    const voided = await voidAs(recorded.treatmentId, 'practice');
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ treatmentId: recorded.treatmentId, status: 'VOIDED', pointsReversed: 0, certificatesReinstated: [welcome.code] });
    expect(await pointsOf(m, voided.body.position)).toMatchObject({ balance: 0, pending: 0 });
    const again = await welcomeOf(m);
    expect(again).toMatchObject({ status: 'ACTIVE', displayStatus: 'ACTIVE', expirationDate: welcome.expirationDate });

    const job = await runJob();
    expect((await s.runtime.deps.store.readStream(`member-${m.paxId}`)).some((e) => e.type === 'TreatmentPointsComputed')).toBe(false);
    const after = await pointsOf(m, job.position ?? voided.body.position);
    expect(after).toMatchObject({ balance: 0, pending: 0 });
    const rows = await activityOf(m, voided.body.position);
    expect(rows.find((r) => r.id === recorded.treatmentId)).toMatchObject({ activityType: 'TREATMENT', points: 0 });
    expect(activitySum(rows)).toBe(after.balance);
  });
});

describe('when a processed treatment is voided', () => {
  it('takes back exactly what it earned, with a POINTS REVERSED row, and the activity still adds up', async () => {
    const m = await s.enroll();
    const welcome = await welcomeOf(m);
    const recorded = await record(m, [lineItem(products.treatment.id, 10), lineItem(products.partner.id, 3)], { redeemedCertificateCodes: [welcome.code] });
    const job = await runJob();
    const earned = await pointsOf(m, job.position!);
    expect(earned.balance).toBe(10 * products.treatment.pointsPerUnit + 3 * products.partner.pointsPerUnit);

    const voided = await voidAs(recorded.treatmentId, 'practice', 'Refunded');
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ pointsReversed: earned.balance, certificatesReinstated: [welcome.code] });
    expect(await pointsOf(m, voided.body.position)).toMatchObject({ balance: 0, pending: 0 });
    const rows = await activityOf(m, voided.body.position);
    const reversed = rows.find((r) => r.activityType === 'POINTS REVERSED');
    expect(reversed).toMatchObject({ points: -earned.balance, description: expect.stringContaining(daysAgo(2)) });
    expect(activitySum(rows)).toBe(0);
    expect(await welcomeOf(m)).toMatchObject({ status: 'ACTIVE', displayStatus: 'ACTIVE' });

    const list = await s.call('GET', `/api/rest/practice/treatments?from=${daysAgo(2)}&to=${daysAgo(2)}&size=100`, { headers: practice });
    expect(list.status).toBe(200);
    expect(list.body.items.find((t: { treatmentId: string }) => t.treatmentId === recorded.treatmentId)).toMatchObject({
      status: 'VOIDED',
      pointsAwarded: earned.balance,
      pointsReversed: earned.balance,
      redeemedCertificateCodes: [welcome.code],
    });
  });

  it('leaves the balance below zero when the points were spent, refuses redemption in words, and later awards pay it back first', async () => {
    const m = await s.enroll();
    const recorded = await record(m, [lineItem(products.bigTreatment.id, 3)]);
    const job = await runJob();
    expect((await pointsOf(m, job.position!)).balance).toBe(300);
    const redeemed = await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body: { amount: 200, type: 'CONSUMER' } });
    expect(redeemed.status).toBe(201);

    const voided = await voidAs(recorded.treatmentId, 'admin');
    expect(voided.body.pointsReversed).toBe(300);
    expect((await pointsOf(m, voided.body.position)).balance).toBe(-200);
    // Support's replay shows the reversal, by the admin who voided, leaving the balance the member sees.
    const timeline = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token });
    expect(timeline.status).toBe(200);
    expect(timeline.body.events.at(-1)).toMatchObject({
      type: 'PointsReversed',
      actor: { kind: 'admin', adminId: admin.paxId },
      data: { treatmentId: recorded.treatmentId, amount: 300, owed: 200 },
      balanceAfter: -200,
    });
    const refused = await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body: { amount: 100, type: 'CONSUMER' } });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toMatch(/insufficient-points$/);
    expect(refused.body.detail).toMatch(/voided.*pay that back first/);

    const award = (amount: number) =>
      s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
        token: admin.token,
        body: { amount, description: 'Goodwill', idempotencyKey: randomUUID() },
      });
    const first = await award(150);
    expect((await pointsOf(m, first.body.position)).balance).toBe(-50);
    const second = await award(120);
    expect((await pointsOf(m, second.body.position)).balance).toBe(70);
    // What the lots hold is what the balance says: the repaid points are not outstanding, nor shown as expiring.
    const lots = await s.runtime.deps.pool.query<{ remaining: string }>('SELECT sum(remaining) AS remaining FROM rm_point_lots WHERE pax_id = $1', [m.paxId]);
    expect(Number(lots.rows[0].remaining)).toBe(70);
    const expiring = (await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).body.expiring as { amount: number }[];
    expect(expiring.reduce((n, e) => n + e.amount, 0)).toBeLessThanOrEqual(70);
    expect(activitySum(await activityOf(m, second.body.position))).toBe(70);
    const ok = await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body: { amount: 100, type: 'CONSUMER' } });
    expect(ok.status).toBe(409);
    expect(ok.body.detail).not.toMatch(/voided/);
  });
});

describe('who may void, and how often', () => {
  it('answers 409 already-voided the second time, and one of two voids at once', async () => {
    const m = await s.enroll();
    const a = await record(m, [lineItem(products.treatment.id, 1)]);
    const both = await Promise.all([voidAs(a.treatmentId, 'practice'), voidAs(a.treatmentId, 'admin')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.type).toMatch(/already-voided$/);
    const third = await voidAs(a.treatmentId, 'practice');
    expect(third.status).toBe(409);
    const reversals = (await s.runtime.deps.store.readStream(`member-${m.paxId}`)).filter((e) => e.type === 'PointsReversed');
    expect(reversals).toHaveLength(1);
  });

  it("refuses another practice's treatment as unknown, a practice after 30 days, and names the reason field", async () => {
    const m = await s.enroll();
    const old = await record(m, [lineItem(products.treatment.id, 1)], { dateOfService: daysAgo(31) });
    expect((await voidAs(old.treatmentId, 'other')).status).toBe(404);
    const late = await voidAs(old.treatmentId, 'practice');
    expect(late.status).toBe(409);
    expect(late.body.type).toMatch(/void-window-closed$/);
    const blank = await voidAs(old.treatmentId, 'admin', '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].path).toBe('body.reason');
    const long = await voidAs(old.treatmentId, 'admin', 'x'.repeat(201));
    expect(long.status).toBe(400);
    expect((await voidAs(old.treatmentId, 'admin')).status).toBe(200);
    const member = await s.call('POST', `/api/rest/practice/treatments/${old.treatmentId}/void`, { token: m.token, body: { reason: 'mine' } });
    expect(member.status).toBe(403);
    expect((await s.call('POST', `/api/rest/admin/treatments/${old.treatmentId}/void`, { headers: practice, body: { reason: 'x' } })).status).toBe(403);
  });
});

describe('a void racing the nightly job', () => {
  it('has exactly one outcome: the treatment earns nothing in the end, whichever decides first', async () => {
    for (let round = 0; round < 6; round++) {
      const m = await s.enroll();
      const a = await record(m, [lineItem(products.treatment.id, 5)]);
      const [voided] = await Promise.all([voidAs(a.treatmentId, 'practice'), runJob()]);
      expect(voided.status).toBe(200);
      const events = await s.runtime.deps.store.readStream(`member-${m.paxId}`);
      const computed = events.filter((e) => e.type === 'TreatmentPointsComputed');
      const reversed = events.filter((e) => e.type === 'PointsReversed');
      expect(reversed).toHaveLength(1);
      expect(computed.length).toBeLessThanOrEqual(1);
      expect((reversed[0].data as { amount: number }).amount).toBe(computed.length ? 10 : 0);
      expect(voided.body.pointsReversed).toBe(computed.length ? 10 : 0);
      // Another run changes nothing.
      await runJob();
      const position = (
        await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
          token: admin.token,
          body: { amount: 1, description: 'marker', idempotencyKey: randomUUID() },
        })
      ).body.position as string;
      expect(await pointsOf(m, position)).toMatchObject({ balance: 1, pending: 0 });
      expect(activitySum(await activityOf(m, position))).toBe(1);
    }
  });
});

describe('a rebuild after voids', () => {
  it('gives every member the balance, pending points and lots the live read models have', async () => {
    const snapshot = async () =>
      (
        await s.runtime.deps.pool.query(
          `SELECT m.pax_id, m.balance, m.pending, (SELECT coalesce(sum(remaining), 0) FROM rm_point_lots l WHERE l.pax_id = m.pax_id) AS lots,
                  (SELECT coalesce(sum(points), 0) FROM rm_activity a WHERE a.pax_id = m.pax_id AND a.activity_type <> 'TREATMENT PENDING') AS activity
             FROM rm_member_points m ORDER BY m.pax_id`,
        )
      ).rows;
    const live = await snapshot();
    expect(live.some((r) => Number(r.balance) < 0 || Number(r.balance) > 0)).toBe(true);
    await rebuildReadModels(s.runtime.deps.pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings));
    expect(await snapshot()).toEqual(live);
  });
});
