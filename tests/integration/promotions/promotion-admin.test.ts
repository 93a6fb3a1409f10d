import { promotionStream } from '../../../event-schemas';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { createPromotion, promotionBody, statusAction } from './promotion-helpers';

let clock = new Date('2026-04-15T19:00:00Z');
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let secondAdmin: { token: string; paxId: number };
let member: { token: string; paxId: number };

const streamTypes = async (id: string) => (await s.runtime.deps.store.readStream(promotionStream(id))).map((e) => e.type);
const countAll = () => s.runtime.deps.store.countAll!();

beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
  member = await quickMember(s);
  secondAdmin = await quickMember(s, { firstName: 'Second', lastName: 'Admin' });
  await s.runtime.deps.pool.query('UPDATE participants SET is_admin = true WHERE pax_id = $1', [secondAdmin.paxId]);
});
afterAll(() => s.stop());

describe('POST /admin/promotions', () => {
  it('answers 400 naming every malformed field, and stores nothing', async () => {
    const before = await countAll();
    const r = await s.call('POST', '/api/rest/admin/promotions', {
      token: admin.token,
      body: {
        name: '',
        promotionCode: 'no spaces!',
        fromDate: '04/01/2026',
        typeCode: 'TIERED',
        groupIds: [0, 1e19],
        website: { pages: [{ page: 'HOME', contentEntryId: 'x' }] },
      },
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      [
        'body.fromDate',
        'body.groupIds.0',
        'body.groupIds.1',
        'body.name',
        'body.promotionCode',
        'body.thruDate',
        'body.typeCode',
        'body.website.pages.0.page',
      ].sort(),
    );
    expect(r.body.errors).toContainEqual({ path: 'body.website.pages.0.page', message: 'must be one of OVERVIEW, RULES, FAQ' });
    expect(await countAll()).toBe(before);
  });

  it('answers 400 for rules across fields and unknown references, naming each', async () => {
    const r = await s.call('POST', '/api/rest/admin/promotions', {
      token: admin.token,
      body: promotionBody({ fromDate: '2026-04-10', thruDate: '2026-04-09', groupIds: [987654], certificateCategoryCode: 'NO_SUCH_CATEGORY' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'body.thruDate', message: 'must not be before fromDate' },
      { path: 'body.groupIds.0', message: 'is not a participant group' },
      { path: 'body.certificateCategoryCode', message: 'is not a certificate category' },
    ]);
  });

  it('answers a retried save with the promotion it made (200, no twin); another promotion under that id is 409', async () => {
    const promotionId = 'bbbbbbbb-1111-4111-8111-000000000001';
    const body = promotionBody({ promotionId, promotionCode: 'RETRY-1' });
    const first = await s.call('POST', '/api/rest/admin/promotions', { token: admin.token, body });
    expect(first.status).toBe(201);
    const before = await countAll();
    const again = await s.call('POST', '/api/rest/admin/promotions', { token: admin.token, body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(promotionId);
    expect(await countAll()).toBe(before);
    const other = await s.call('POST', '/api/rest/admin/promotions', { token: admin.token, body: { ...body, promotionCode: 'OTHER-1' } });
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual([{ path: 'body.promotionId', message: 'is already used by another promotion' }]);
    expect(await countAll()).toBe(before);
  });

  it('creates a NEW promotion with the spec defaults', async () => {
    const r = await s.call('POST', '/api/rest/admin/promotions', {
      token: admin.token,
      body: { name: 'Minimal', promotionCode: 'MIN-1', fromDate: '2026-04-01', thruDate: '2026-04-30' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      promotionCategory: 'PROMOTION',
      statusTypeCode: 'NEW',
      typeCode: 'FLAT_PAYOUT',
      description: '',
      groupIds: [],
      certificateCategoryCode: null,
      position: expect.any(String),
    });
    expect(await streamTypes(r.body.id)).toEqual(['PromotionCreated']);
  });
});

describe('access', () => {
  it('is 403 for members (and impersonation is no way round it) and 401 for anonymous callers', async () => {
    const { id } = await createPromotion(s, admin.token);
    const calls: [string, string][] = [
      ['POST', '/api/rest/admin/promotions'],
      ['POST', `/api/rest/promotions/${id}/end`],
      ['POST', `/api/rest/promotions/${id}/revert-to-draft`],
      ['POST', `/api/rest/promotions/${id}/stop-payments`],
      ['POST', `/api/rest/promotions/${id}/publish`],
      ['GET', '/api/rest/promotions?promotionCategory=PROMOTION&status=ALL'],
      ['GET', '/api/rest/promotions/options/promotion-statuses'],
      ['GET', `/api/rest/admin/audit/promotions/${id}`],
    ];
    const asMember = (await s.call('POST', '/api/rest/authenticate/impersonate', { token: admin.token, body: { paxId: member.paxId } })).body
      .authToken as string;
    for (const [method, path] of calls) {
      const body = method === 'POST' ? promotionBody() : undefined;
      expect([path, (await s.call(method, path, { token: member.token, body })).status]).toEqual([path, 403]);
      expect([path, (await s.call(method, path, { token: asMember, body })).status]).toEqual([path, 403]);
      expect([path, (await s.call(method, path, { body })).status]).toEqual([path, 401]);
    }
    expect(await streamTypes(id)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
  });
});

describe('status changes', () => {
  it('refuses an illegal transition with 409 and appends nothing', async () => {
    const { id } = await createPromotion(s, admin.token, { finalize: false });
    for (const action of ['end', 'stop-payments']) {
      const r = await statusAction(s, admin.token, id, action);
      expect(r.status).toBe(409);
      expect(r.body.type).toMatch(/\/invalid-state$/);
      expect(r.body.detail).toMatch(/NEW promotion/);
    }
    expect(await streamTypes(id)).toEqual(['PromotionCreated']);
    expect((await statusAction(s, admin.token, '0c9d8e7f-6a5b-4c3d-8e1f-a2b3c4d5e6f7', 'end')).status).toBe(404);
    expect((await statusAction(s, admin.token, 'not-a-uuid', 'end')).status).toBe(400);
  });

  it('refuses to publish a promotion whose window is over (409)', async () => {
    const { id } = await createPromotion(s, admin.token, { finalize: false, fromDate: '2026-03-01', thruDate: '2026-03-31' });
    expect((await statusAction(s, admin.token, id, 'publish')).status).toBe(409);
  });

  it('records the whole history, which the audit answers oldest first with who did each step', async () => {
    const { id } = await createPromotion(s, admin.token, { finalize: false });
    const steps: [string, string, { token: string; paxId: number }][] = [
      ['publish', 'ACTIVE', admin],
      ['revert-to-draft', 'DRAFT', secondAdmin],
      ['publish', 'ACTIVE', secondAdmin],
      ['end', 'ENDED', admin],
      ['stop-payments', 'PAYMENTS_STOPPED', secondAdmin],
    ];
    for (const [action, status, who] of steps) {
      const r = await statusAction(s, who.token, id, action, action === 'end' ? { reason: 'Budget spent' } : {});
      expect([action, r.status, r.body.statusTypeCode]).toEqual([action, 200, status]);
    }
    expect((await statusAction(s, admin.token, id, 'publish')).status).toBe(409);

    const audit = await s.call('GET', `/api/rest/admin/audit/promotions/${id}`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body[0]).toMatchObject({
      type: 'PromotionCreated',
      actor: { kind: 'admin', adminId: admin.paxId },
      data: { promotionId: id, typeCode: 'FLAT_PAYOUT' },
    });
    expect(
      audit.body.slice(1).map((e: { data: { from: string; to: string }; actor: { adminId: number } }) => [e.data.from, e.data.to, e.actor.adminId]),
    ).toEqual([
      ['NEW', 'ACTIVE', admin.paxId],
      ['ACTIVE', 'DRAFT', secondAdmin.paxId],
      ['DRAFT', 'ACTIVE', secondAdmin.paxId],
      ['ACTIVE', 'ENDED', admin.paxId],
      ['ENDED', 'PAYMENTS_STOPPED', secondAdmin.paxId],
    ]);
    // Issue 28, item 5: the history names each step's admin, not "Admin 1".
    expect(audit.body.map((e: { actorNames: unknown }) => e.actorNames)).toEqual(
      ['Avery Admin', 'Avery Admin', 'Second Admin', 'Second Admin', 'Avery Admin', 'Second Admin'].map((admin) => ({ admin, member: null })),
    );
    expect(audit.body[4].data.reason).toBe('Budget spent');
    const positions = audit.body.map((e: { position: string }) => e.position);
    expect([...positions].sort()).toEqual(positions);
    for (const e of audit.body) expect(e.occurredAt).toBe(clock.toISOString());
    expect((await s.call('GET', '/api/rest/admin/audit/promotions/0c9d8e7f-6a5b-4c3d-8e1f-a2b3c4d5e6f7', { token: admin.token })).status).toBe(404);
  });
});

describe('GET /promotions (admin list) and status options', () => {
  it('lists the status options for the filter', async () => {
    const r = await s.call('GET', '/api/rest/promotions/options/promotion-statuses', { token: admin.token });
    expect(r.body.map((o: { code: string }) => o.code)).toEqual(['NEW', 'DRAFT', 'ACTIVE', 'ENDED', 'PAYMENTS_STOPPED']);
    expect(r.body[0]).toEqual({ code: 'NEW', description: 'New', applicableOnlyToApprovalProcess: false });
  });

  it('filters by status and name, newest first, and pages', async () => {
    clock = new Date('2026-04-16T19:00:00Z');
    const first = await createPromotion(s, admin.token, { name: 'Listed Glow one' });
    clock = new Date('2026-04-16T19:00:01Z');
    const second = await createPromotion(s, admin.token, { name: 'Listed glow two' });
    const ended = await statusAction(s, admin.token, first.id, 'end');
    const list = (query: string) =>
      s.call('GET', `/api/rest/promotions?promotionCategory=PROMOTION&showAllForMyLevelAndBelow=false&${query}`, {
        token: admin.token,
        headers: { 'x-wait-for-position': ended.body.position },
      });

    const byName = await list('status=ALL&searchName=listed%20GLOW&page=0&size=10');
    expect(byName.body).toMatchObject({ page: 0, size: 10, totalElements: 2 });
    expect(byName.body.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect((await list('status=ENDED&searchName=Listed')).body.items.map((i: { id: string; statusTypeCode: string }) => [i.id, i.statusTypeCode])).toEqual([
      [first.id, 'ENDED'],
    ]);
    const paged = await list('searchName=Listed&page=1&size=1');
    expect(paged.body).toMatchObject({ page: 1, size: 1, totalElements: 2, items: [{ id: first.id }] });
    expect((await list('searchName=%25')).body.totalElements).toBe(0);

    const bad = await s.call('GET', '/api/rest/promotions?promotionCategory=SURVEY&status=LIVE&size=0', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['query.promotionCategory', 'query.size', 'query.status']);
  });
});
