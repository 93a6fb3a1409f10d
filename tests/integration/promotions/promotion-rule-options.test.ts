import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
  member = await quickMember(s);
});
afterAll(() => s.stop());

const productIdsIn = (tree: { children: { products: { id: number }[] }[] }[]) => tree.flatMap((c) => c.children.flatMap((b) => b.products.map((p) => p.id)));

describe('the options a payout rule may use (CONTRACT.md: Promotions: the wizard and payouts)', () => {
  it('lists measure types and award types with labels', async () => {
    const measures = await s.call('GET', '/api/rest/promotions/options/measure-types', { token: admin.token });
    expect(measures.status).toBe(200);
    expect(measures.body).toEqual([{ code: 'UNITS', description: 'Units of the named products' }]);
    const awards = await s.call('GET', '/api/rest/promotions/options/award-types', { token: admin.token });
    expect(awards.status).toBe(200);
    expect(awards.body.map((o: { code: string }) => o.code)).toEqual(['POINT', 'CERTIFICATE']);
  });

  it('the product tree names every active product and no retired one', async () => {
    const created = await s.call('POST', '/api/rest/admin/products', {
      token: admin.token,
      body: { name: 'Tree test product', category: 'TREATMENT', brand: 'BRAND_B', msrpPerUnit: 10, pointsPerUnit: 1 },
    });
    expect(created.status).toBe(201);
    const retired = await s.call('POST', '/api/rest/admin/products', {
      token: admin.token,
      body: { name: 'Retired tree product', category: 'PARTNER', brand: 'BRAND_A', msrpPerUnit: 10, pointsPerUnit: 1 },
    });
    await s.call('POST', `/api/rest/admin/products/${retired.body.id as number}/retire`, { token: admin.token });

    const tree = await s.call('GET', '/api/rest/promotions/product-list/trees', { token: admin.token });
    expect(tree.status).toBe(200);
    const active = (await s.call('GET', '/api/rest/products', { token: admin.token })).body as { id: number }[];
    expect(productIdsIn(tree.body).sort((a, b) => a - b)).toEqual(active.map((p) => p.id).sort((a, b) => a - b));
    expect(productIdsIn(tree.body)).toContain(created.body.id);
    expect(productIdsIn(tree.body)).not.toContain(retired.body.id);
  });

  it('is for admins only', async () => {
    for (const path of ['/api/rest/promotions/options/measure-types', '/api/rest/promotions/options/award-types', '/api/rest/promotions/product-list/trees']) {
      expect([path, (await s.call('GET', path, { token: member.token })).status]).toEqual([path, 403]);
      expect([path, (await s.call('GET', path)).status]).toEqual([path, 401]);
    }
  });
});
