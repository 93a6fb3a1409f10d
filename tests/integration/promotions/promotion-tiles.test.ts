import { promotionStream } from '../../../event-schemas';
import { promotionTilesProjection } from '../../../projections/promotion-tiles/promotion-tiles.projection';
import { PROMOTION_COLUMNS } from '../../../projections/promotion-tiles/promotions-query';
import { resetProjection } from '../../../projections/runner';
import { formatPosition } from '../../../event-schemas/store/position';
import { DEMO_PROMOTION, seedDemoPromotion } from '../../../server/seed/demo-promotion';
import { settle } from '../../support/settle';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { createPromotion, groupOfLastName, maxPosition, statusAction, tileIds } from './promotion-helpers';

// The programme clock is the test's: 19:00 UTC on 15 April is still 15 April in Los Angeles.
let clock = new Date('2026-04-15T19:00:00Z');
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
let insider: { token: string };
let outsider: { token: string };
const p: Record<'everyone' | 'insiders' | 'lastDay' | 'future' | 'unpublished' | 'reverted', string> = {
  everyone: '',
  insiders: '',
  lastDay: '',
  future: '',
  unpublished: '',
  reverted: '',
};
let position = '';

beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
  insider = await quickMember(s, { lastName: 'Insider' });
  outsider = await quickMember(s, { lastName: 'Outsider' });
  const group = await groupOfLastName(s, admin.token, 'Insider');
  const made = {
    everyone: await createPromotion(s, admin.token, { name: 'A for everyone', certificateCategoryCode: 'reward' }),
    insiders: await createPromotion(s, admin.token, { name: 'B for insiders', groupIds: [group] }),
    lastDay: await createPromotion(s, admin.token, { name: 'C ends today', fromDate: '2026-04-01', thruDate: '2026-04-15' }),
    future: await createPromotion(s, admin.token, { name: 'D starts next month', fromDate: '2026-05-01', thruDate: '2026-05-31' }),
    unpublished: await createPromotion(s, admin.token, { name: 'E still new', finalize: false }),
    reverted: await createPromotion(s, admin.token, { name: 'F reverted' }),
  };
  for (const [k, v] of Object.entries(made)) p[k as keyof typeof p] = v.id;
  const reverted = await statusAction(s, admin.token, p.reverted, 'revert-to-draft');
  position = maxPosition([...Object.values(made).map((m) => m.position), reverted.body.position]);
});
afterAll(() => s.stop());

describe('GET /promotions/tiles', () => {
  it('shows ACTIVE promotions open today that target the caller, and nothing else', async () => {
    expect(await tileIds(s, outsider.token, position)).toEqual([p.everyone, p.lastDay]);
    expect(new Set(await tileIds(s, insider.token, position))).toEqual(new Set([p.everyone, p.insiders, p.lastDay]));
  });

  it('answers the spec tile fields, with certificateCategoryCode only when the promotion has one', async () => {
    const r = await s.call('GET', '/api/rest/promotions/tiles', { token: outsider.token, headers: { 'x-wait-for-position': position } });
    expect(r.body.items[0]).toEqual({
      promoId: p.everyone,
      programCode: expect.stringMatching(/^SPARKLE-/),
      name: 'A for everyone',
      description: 'Two treatments, one bonus.',
      fromDate: '2026-04-01',
      thruDate: '2026-04-30',
      // Nothing paid yet: the promotion has no payout rules.
      earned: { points: 0, certificates: 0, treatments: 0 },
      certificateCategoryCode: 'reward',
    });
    expect(r.body.items[1]).not.toHaveProperty('certificateCategoryCode');
  });

  it('counts days in the programme time zone: the last day lasts until midnight in Los Angeles', async () => {
    clock = new Date('2026-04-16T06:30:00Z'); // 23:30 on 15 April in Los Angeles
    expect(await tileIds(s, outsider.token, position)).toContain(p.lastDay);
    clock = new Date('2026-04-16T08:00:00Z'); // 01:00 on 16 April
    expect(await tileIds(s, outsider.token, position)).toEqual([p.everyone]);
    clock = new Date('2026-05-01T08:00:00Z');
    expect(await tileIds(s, outsider.token, position)).toEqual([p.future]);
    clock = new Date('2026-04-15T19:00:00Z');
  });

  it('is for signed-in callers only', async () => {
    expect((await s.call('GET', '/api/rest/promotions/tiles')).status).toBe(401);
  });
});

describe('GET /promotions/{id}/website', () => {
  it("answers a visible promotion's website and 404 for one the caller does not see", async () => {
    const r = await s.call('GET', `/api/rest/promotions/${p.insiders}/website`, { token: insider.token, headers: { 'x-wait-for-position': position } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ promoId: p.insiders, tile: { title: 'B for insiders' }, pages: [] });
    for (const id of [p.insiders, p.future, p.unpublished, p.reverted, '0c9d8e7f-6a5b-4c3d-8e1f-a2b3c4d5e6f7']) {
      expect((await s.call('GET', `/api/rest/promotions/${id}/website`, { token: outsider.token })).status).toBe(404);
    }
  });
});

describe('ending a promotion', () => {
  it('removes its tile and its website at once (read-your-writes)', async () => {
    const ended = await statusAction(s, admin.token, p.everyone, 'end', { reason: 'Budget spent' });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: p.everyone, statusTypeCode: 'ENDED' });
    expect(await tileIds(s, insider.token, ended.body.position)).not.toContain(p.everyone);
    expect((await s.call('GET', `/api/rest/promotions/${p.everyone}/website`, { token: insider.token })).status).toBe(404);
  });
});

describe('the demo promotion seed', () => {
  it('creates the published promotion once, with its three website pages, however often it runs', async () => {
    const { pool, store } = s.runtime.deps;
    expect(await seedDemoPromotion(pool, store, () => undefined, clock)).toBe(true);
    expect(await seedDemoPromotion(pool, store, () => undefined, clock)).toBe(false);
    const stream = await store.readStream(promotionStream(DEMO_PROMOTION.id));
    expect(stream.map((e) => e.type)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
    const at = formatPosition(stream[1].position);
    expect(await tileIds(s, outsider.token, at)).toContain(DEMO_PROMOTION.id);
    const website = await s.call('GET', `/api/rest/promotions/${DEMO_PROMOTION.id}/website`, { token: outsider.token });
    expect(website.body.pages.map((page: { page: string }) => page.page)).toEqual(['OVERVIEW', 'RULES', 'FAQ']);
    const cda = await s.call(
      'GET',
      `/cda/spaces/rewards-local/environments/master/entries?content_type=promotionWebsite&fields.promotionId=${DEMO_PROMOTION.id}`,
    );
    expect(cda.body.items.map((i: { sys: { id: string } }) => i.sys.id).sort()).toEqual(
      website.body.pages.map((page: { contentEntryId: string }) => page.contentEntryId).sort(),
    );
    const category = await s.call('GET', `/api/rest/certificate-categories/code/${DEMO_PROMOTION.category.code}`, { token: outsider.token });
    expect(category.body.certificateCategoryName).toBe(DEMO_PROMOTION.category.name);
  });
});

describe('promotion-tiles projection', () => {
  it('rebuilt from position 0 equals the live-maintained read model', async () => {
    const { pool, store } = s.runtime.deps;
    const snapshot = async () =>
      (
        await pool.query(
          `SELECT ${PROMOTION_COLUMNS}, created_at, updated_at, last_position_major, last_position_minor FROM rm_promotions ORDER BY promotion_id`,
        )
      ).rows;
    await settle(pool, store, promotionTilesProjection);
    const live = await snapshot();
    expect(live.length).toBeGreaterThanOrEqual(7);
    await resetProjection(pool, promotionTilesProjection);
    expect(await snapshot()).toEqual([]);
    await settle(pool, store, promotionTilesProjection);
    expect(await snapshot()).toEqual(live);
  });
});
