import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

/**
 * Issue 28, item 5: the configuration histories (products, content) said "Admin 1" or "admin #1". Their answers now
 * name each change's people, read from the participants table in one query, so a second admin is told apart by name.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let second: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
  second = await quickMember(s, { firstName: 'Robin', lastName: 'Curator' });
  await s.runtime.deps.pool.query('UPDATE participants SET is_admin = true WHERE pax_id = $1', [second.paxId]);
});
afterAll(() => s.stop());

const names = (entries: { actorNames: unknown }[]) => entries.map((e) => e.actorNames);

describe('configuration histories name their people', () => {
  it("a product's history names the admin of each change", async () => {
    const body = { name: 'Named history serum', category: 'PARTNER', brand: 'BRAND_B', msrpPerUnit: 40, pointsPerUnit: 2 };
    const created = await s.call('POST', '/api/rest/admin/products', { token: admin.token, body });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await s.call('PUT', `/api/rest/admin/products/${id}`, { token: second.token, body: { ...body, pointsPerUnit: 3 } })).status).toBe(200);
    expect((await s.call('POST', `/api/rest/admin/products/${id}/retire`, { token: admin.token })).status).toBe(200);

    const history = await s.call('GET', `/api/rest/admin/audit/products/${id}`, { token: admin.token });
    expect(history.status).toBe(200);
    expect(history.body.map((e: { action: string }) => e.action)).toEqual(['create', 'update', 'retire']);
    expect(names(history.body)).toEqual([
      { admin: 'Avery Admin', member: null },
      { admin: 'Robin Curator', member: null },
      { admin: 'Avery Admin', member: null },
    ]);
  });

  it("a content entry's history names its editors", async () => {
    const id = `named-history-${Date.now()}`;
    const inserted = await s.call('POST', '/api/rest/content/insert', {
      token: second.token,
      body: { id, contentType: 'banner', fields: { bannerText: 'A' } },
    });
    expect(inserted.status).toBe(201);
    expect((await s.call('PUT', '/api/rest/content/update', { token: admin.token, body: { id, fields: { bannerText: 'B' } } })).status).toBe(200);
    const history = await s.call('GET', `/api/rest/content/${id}/audit`, { token: admin.token });
    expect(history.status).toBe(200);
    expect(names(history.body)).toEqual([
      { admin: 'Robin Curator', member: null },
      { admin: 'Avery Admin', member: null },
    ]);
  });
});
