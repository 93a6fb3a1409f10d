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

describe('the product form’s choices in words (issue 54, item 6)', () => {
  it.each([
    ['left empty', { category: null, brand: null }],
    ['left out', {}],
    ['not a code', { category: 'SOMETHING', brand: 'BRAND_C' }],
  ])('an empty or unknown brand and category (%s) are refused as the next step, not as codes', async (_what, choices) => {
    const r = await s.call('POST', '/api/rest/admin/products', {
      token: admin.token,
      body: { name: 'Filler', msrpPerUnit: 100, pointsPerUnit: 10, ...choices },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.brand', message: 'Choose a brand' },
        { path: 'body.category', message: 'Choose a category' },
      ]),
    );
    expect(JSON.stringify(r.body)).not.toMatch(/Brand a or Brand b/i);
  });
});
