import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

let s: TestServer;
let admin: string;
let member: string;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = (await s.login(DEMO.admin.email)).token;
  member = (await s.enroll()).token;
});
afterAll(() => s.stop());

const page = (promotionId: string, name: string, token = admin) => s.call('GET', `/api/rest/content/en/promotool/website/${promotionId}/${name}`, { token });
const count = async (id: string) => (await s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM content_entries WHERE id = $1', [id])).rows[0].n as number;

describe('the content admin calls', () => {
  it('file a promotion page with POST /content/insert, change it with PUT /content/update, and answer it by promotion and page, audited', async () => {
    const promotionId = randomUUID();
    const id = `promo-${promotionId.slice(0, 8)}-rules`;
    expect((await page(promotionId, 'RULES')).status).toBe(404);

    const inserted = await s.call('POST', '/api/rest/content/insert', {
      token: admin,
      body: { id, contentType: 'promotionWebsite', fields: { promotionId, page: 'RULES', title: 'Rules', paragraphs: ['One'] } },
    });
    expect(inserted.status).toBe(201);
    expect((await page(promotionId, 'RULES')).body).toMatchObject({ id, contentType: 'promotionWebsite', fields: { title: 'Rules', paragraphs: ['One'] } });
    expect((await page(promotionId, 'FAQ')).status).toBe(404);

    const updated = await s.call('PUT', '/api/rest/content/update', {
      token: admin,
      body: { id, fields: { promotionId, page: 'RULES', title: 'Promotion rules', paragraphs: ['One', 'Two'] } },
    });
    expect(updated.status).toBe(200);
    expect((await page(promotionId, 'RULES')).body.fields).toEqual({ promotionId, page: 'RULES', title: 'Promotion rules', paragraphs: ['One', 'Two'] });

    const audit = await s.call('GET', `/api/rest/content/${id}/audit`, { token: admin });
    expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['inserted', 'updated']);
    expect(audit.body[1].before.fields.title).toBe('Rules');
    expect(audit.body[1].after.fields.title).toBe('Promotion rules');
  });

  it('refuse a page that is not OVERVIEW, RULES or FAQ, and members, naming the field', async () => {
    const bad = await page(randomUUID(), 'TERMS');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('path.page');
    expect((await page(randomUUID(), 'RULES', member)).status).toBe(403);
  });

  it('refuse a bad entry id or a taken one with a 4xx naming body.id, writing nothing', async () => {
    const bad = await s.call('POST', '/api/rest/content/insert', { token: admin, body: { id: 'has spaces', contentType: 'banner', fields: {} } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('body.id');
    expect(await count('has spaces')).toBe(0);

    const id = `banner-${randomUUID().slice(0, 8)}`;
    expect(
      (await s.call('POST', '/api/rest/content/insert', { token: admin, body: { id, contentType: 'banner', fields: { bannerText: 'First' } } })).status,
    ).toBe(201);
    const taken = await s.call('POST', '/api/rest/content/insert', { token: admin, body: { id, contentType: 'banner', fields: { bannerText: 'Second' } } });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body.errors)).toContain('body.id');
    expect((await s.call('GET', `/api/rest/content/${id}`, { token: admin })).body.fields).toEqual({ bannerText: 'First' });
  });
});
