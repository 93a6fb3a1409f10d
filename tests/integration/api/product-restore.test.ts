import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const asAdmin = (method: string, path: string, body?: unknown) => s.call(method, `/api/rest${path}`, { token: admin.token, body });
const listed = async () => ((await asAdmin('GET', '/products')).body as { id: number }[]).map((p) => p.id);

describe('restoring a retired product (issue 54, item 6)', () => {
  it('brings it back to the list and new treatments, recorded in its history; a product not retired is 409', async () => {
    const created = await asAdmin('POST', '/admin/products', {
      name: `Restorable filler ${randomUUID()}`,
      category: 'TREATMENT',
      brand: 'BRAND_A',
      msrpPerUnit: 100,
      pointsPerUnit: 10,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await asAdmin('POST', `/admin/products/${id}/restore`)).status).toBe(409);
    expect((await asAdmin('POST', `/admin/products/${id}/retire`)).status).toBe(200);
    expect(await listed()).not.toContain(id);

    const restored = await asAdmin('POST', `/admin/products/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, retired: false });
    expect(await listed()).toContain(id);
    const history = (await asAdmin('GET', `/admin/audit/products/${id}`)).body as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'retire', 'restore']));
    expect((await asAdmin('POST', '/admin/products/99999999/restore')).status).toBe(404);
  });

  it('is for admins only', async () => {
    const member = await s.enroll();
    expect((await s.call('POST', '/api/rest/admin/products/1/restore', { token: member.token })).status).toBe(403);
  });
});
