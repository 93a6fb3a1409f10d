import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

describe('GET /api/rest/products', () => {
  it('answers a practice by its API key as well as a signed-in member, and no one else', async () => {
    const member = await s.enroll();
    const asMember = await s.call('GET', '/api/rest/products', { token: member.token });
    expect(asMember.status).toBe(200);
    const asPractice = await s.call('GET', '/api/rest/products', { headers: { 'x-api-key': DEMO.practiceKey } });
    expect(asPractice.status).toBe(200);
    expect(asPractice.body).toEqual(asMember.body);
    expect((await s.call('GET', '/api/rest/products')).status).toBe(401);
    expect((await s.call('GET', '/api/rest/products', { headers: { 'x-api-key': 'not-a-key' } })).status).toBe(401);
    // Retired products stay for admins.
    expect((await s.call('GET', '/api/rest/products?includeRetired=true', { headers: { 'x-api-key': DEMO.practiceKey } })).status).toBe(403);
  });

  it('is described with both security schemes in the OpenAPI document', async () => {
    const doc = await s.call('GET', '/api/rest/openapi.json');
    expect(doc.body.paths['/api/rest/products'].get.security).toEqual([{ apiKey: [] }, { authToken: [] }]);
  });
});

describe('GET /api/rest/certificate-categories/code/{code}', () => {
  it('answers a category by code to a signed-in member; unknown codes are 404, anonymous callers 401', async () => {
    const body = { certificateCategoryName: 'Staff reward', nullifyAwards: true };
    expect((await s.call('PUT', '/api/rest/admin/certificate-categories/staff-lookup', { token: admin.token, body })).status).toBe(200);
    const member = await s.enroll();
    const r = await s.call('GET', '/api/rest/certificate-categories/code/staff-lookup', { token: member.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      certificateCategoryCode: 'staff-lookup',
      certificateCategoryName: 'Staff reward',
      nullifyAwards: true,
      certificateCategoryType: null,
    });
    expect((await s.call('GET', '/api/rest/certificate-categories/code/nope', { token: member.token })).status).toBe(404);
    expect((await s.call('GET', '/api/rest/certificate-categories/code/staff-lookup')).status).toBe(401);
  });
});
