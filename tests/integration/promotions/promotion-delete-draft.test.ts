import { promotionStream } from '../../../event-schemas';
import { startTestServer, type TestServer } from '../../support/test-server';
import { createPromotion, statusAction } from './promotion-helpers';

/** Issue 28, item 3: drafts can be deleted; nothing that was ever published can. */
jest.setTimeout(60_000);
const clock = new Date('2026-04-15T19:00:00Z');
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ now: () => clock, runScheduler: false });
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const list = (query: string, position: string) =>
  s.call('GET', `/api/rest/promotions?promotionCategory=PROMOTION&showAllForMyLevelAndBelow=false&${query}`, {
    token: admin.token,
    headers: { 'x-wait-for-position': position },
  });
const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((i) => i.id);

describe('POST /promotions/{id}/delete', () => {
  it('deletes a DRAFT: it leaves the ALL list, stays findable as DELETED with its history, and can never be published', async () => {
    const draft = await createPromotion(s, admin.token, { name: 'Throwaway draft', finalize: false });
    expect((await statusAction(s, admin.token, draft.id, 'revert-to-draft')).body.statusTypeCode).toBe('DRAFT');
    const deleted = await statusAction(s, admin.token, draft.id, 'delete');
    expect(deleted.status).toBe(200);
    expect(deleted.body.statusTypeCode).toBe('DELETED');
    expect(ids(await list('status=ALL&searchName=Throwaway', deleted.body.position))).toEqual([]);
    expect(ids(await list('status=DELETED&searchName=Throwaway', deleted.body.position))).toEqual([draft.id]);
    expect((await s.runtime.deps.store.readStream(promotionStream(draft.id))).map((e) => e.type)).toEqual([
      'PromotionCreated',
      'PromotionStatusChanged',
      'PromotionStatusChanged',
    ]);
    expect((await statusAction(s, admin.token, draft.id, 'publish')).status).toBe(409);
    expect((await statusAction(s, admin.token, draft.id, 'delete')).status).toBe(409);
  });

  it('refuses a published promotion (409): end or copy it instead', async () => {
    const live = await createPromotion(s, admin.token, { name: 'Live one', finalize: true });
    const r = await statusAction(s, admin.token, live.id, 'delete');
    expect(r.status).toBe(409);
    expect((await s.runtime.deps.store.readStream(promotionStream(live.id))).map((e) => e.type)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
  });
});
