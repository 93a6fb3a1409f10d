import { catchUp, readCheckpoint, resetProjection } from '../../../projections/runner';
import { comparePositions } from '../../../event-schemas/store/position';
import { settingsFromEnv } from '../../../server/config';
import { referralRewards } from '../../../server/referrals/referral-rewards';
import { startRuntime } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';
import { referralAwards, refCodeOf, stranger } from './referral-helpers';
import { committedHead } from '../../support/committed-head';

jest.setTimeout(90_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

const settings = settingsFromEnv();
const referralProcess = () => referralRewards({ store: s.runtime.deps.store, settings, now: () => new Date() });
const runJob = () => s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} });
const balanceOf = async (m: { paxId: number; token: string }) =>
  (await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).body.balance as number;

/** Records a treatment (10 units at 2 points) for a member and runs the processing job. */
async function treat(paxId: number) {
  const posted = await postTreatment(s, treatmentBody(paxId, [lineItem(products.treatment.id, 10)]));
  expect(posted.status).toBe(202);
  await settled(s, posted);
  expect((await runJob()).status).toBe(200);
}

/** Waits until the daemon's referral process has passed everything written so far, so "no award" means something. */
async function referralProcessDone() {
  const head = await committedHead(s.runtime.deps.pool);
  if (!head) return;
  await eventually(async () => {
    const at = (await readCheckpoint(s.runtime.deps.pool, 'referral-rewards')).position;
    expect(at !== 'start' && comparePositions(at, head) >= 0).toBe(true);
  }, 15_000);
}

async function referredPair(extra: Record<string, unknown> = {}) {
  const referrer = await s.enroll(stranger('Ann'));
  const refCode = await refCodeOf(s, referrer);
  const friend = await s.enroll(stranger('Bob', { refCode, ...extra }));
  return { referrer, friend };
}

describe('referral rewards', () => {
  it('rewards both people once, after the new member’s first treatment only', async () => {
    const { referrer, friend } = await referredPair();
    await referralProcessDone();
    expect(await referralAwards(s, referrer.paxId)).toEqual([]);

    await treat(friend.paxId);
    await eventually(async () => expect(await referralAwards(s, friend.paxId)).toHaveLength(1));
    const system = { kind: 'system', job: 'referral-rewards' };
    expect(await referralAwards(s, referrer.paxId)).toEqual([
      expect.objectContaining({
        amount: settings.referrerRewardPoints,
        source: 'REFERRAL',
        idempotencyKey: `referral-${friend.paxId}`,
        // Neither description names the other person: erasing them could not take the name out of this record.
        description: 'Referral reward: your friend completed a first treatment',
        actor: system,
      }),
    ]);
    expect(await referralAwards(s, friend.paxId)).toEqual([
      expect.objectContaining({
        amount: settings.referredRewardPoints,
        source: 'REFERRAL',
        idempotencyKey: `referral-${friend.paxId}`,
        description: 'Referral reward: welcome from the friend who referred you',
        actor: system,
      }),
    ]);
    await eventually(async () => {
      expect(await balanceOf(referrer)).toBe(settings.referrerRewardPoints);
      expect(await balanceOf(friend)).toBe(20 + settings.referredRewardPoints);
      const page = await s.call('GET', `/api/rest/participants/${referrer.paxId}/referrals`, { token: referrer.token });
      expect(page.body.referred).toEqual([expect.objectContaining({ firstName: 'Bob', rewarded: true })]);
    });

    await treat(friend.paxId);
    await referralProcessDone();
    expect(await referralAwards(s, referrer.paxId)).toHaveLength(1);
    expect(await referralAwards(s, friend.paxId)).toHaveLength(1);

    // A replay from position 0 (a restart that lost its checkpoint), then two followers without a shared checkpoint.
    await resetProjection(s.runtime.deps.pool, referralProcess());
    await catchUp(s.runtime.deps.pool, s.runtime.deps.store, referralProcess());
    await referralProcessDone();
    const twin = (name: string) => catchUp(s.runtime.deps.pool, s.runtime.deps.store, { ...referralProcess(), name });
    await Promise.all([twin('referral-rewards-twin-a'), twin('referral-rewards-twin-b')]);
    expect(await referralAwards(s, referrer.paxId)).toHaveLength(1);
    expect(await referralAwards(s, friend.paxId)).toHaveLength(1);
  });

  it('awards once with two server processes following the same log', async () => {
    const second = await startRuntime({ databaseUrl: s.db.url, settings, log: () => undefined, poolSize: 5, runScheduler: false });
    try {
      const { referrer, friend } = await referredPair();
      await treat(friend.paxId);
      await eventually(async () => expect(await referralAwards(s, referrer.paxId)).toHaveLength(1));
      await referralProcessDone();
      await catchUp(second.deps.pool, second.deps.store, referralRewards({ store: second.deps.store, settings, now: () => new Date() }));
      expect(await referralAwards(s, referrer.paxId)).toHaveLength(1);
      expect(await referralAwards(s, friend.paxId)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('rewards nobody when the referrer has since become an admin', async () => {
    const { referrer, friend } = await referredPair();
    await s.runtime.deps.pool.query('UPDATE participants SET is_admin = true WHERE pax_id = $1', [referrer.paxId]);
    await treat(friend.paxId);
    await referralProcessDone();
    expect(await referralAwards(s, referrer.paxId)).toEqual([]);
    expect(await referralAwards(s, friend.paxId)).toEqual([]);
  });

  it('does not reward a partner purchase alone', async () => {
    const { referrer, friend } = await referredPair();
    const posted = await postTreatment(s, treatmentBody(friend.paxId, [lineItem(products.partner.id, 3)]));
    await settled(s, posted);
    await runJob();
    await referralProcessDone();
    expect(await referralAwards(s, referrer.paxId)).toEqual([]);
    await treat(friend.paxId);
    await eventually(async () => expect(await referralAwards(s, referrer.paxId)).toHaveLength(1));
  });
});
