import { startTestServer, type TestServer } from '../../support/test-server';

/** Issue 54 item 9: Find a Specialist places every US ZIP, and no form takes a ZIP no address has. */
jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const search = (postalCode: string, radiusMiles = 25) => s.call('GET', `/api/rest/specialists?postalCode=${postalCode}&radiusMiles=${radiusMiles}`);
const NO_ADDRESS = 'is not a ZIP code any US address has';

describe('GET /specialists', () => {
  it('places a ZIP outside the few cities it knew (Anchorage 99501): none in reach is an empty answer, not a 404', async () => {
    const r = await search('99501');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ postalCode: '99501', radiusMiles: 25, items: [] });
  });

  it('measures from the ZIP it was given, with ZIP+4 read as its first five digits', async () => {
    // Irvine's ZIP 92604 was never in the old table of a few cities; the demo practice in 92612 is a few miles away.
    const r = await search('92604-1234', 10);
    expect(r.status).toBe(200);
    expect(r.body.postalCode).toBe('92604');
    const harbor = r.body.items.find((i: { name: string }) => i.name === 'Harbor Aesthetics Demo Practice');
    expect(harbor.distanceMiles).toBeGreaterThan(2);
    expect(harbor.distanceMiles).toBeLessThan(10);
  });

  it('refuses a ZIP no US address has with a 400 naming the field', async () => {
    for (const zip of ['99999', '00000']) {
      const r = await search(zip);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ path: 'query.postalCode', message: NO_ADDRESS }]);
    }
  });
});

describe('where a member types a ZIP', () => {
  it('enrollment refuses 99999 on body.postalCode and takes 99501', async () => {
    const body = {
      firstName: 'Alaska',
      lastName: 'Member',
      email: `zip-${Date.now()}@example.com`,
      password: 'Sturdy-pass-42',
      dateOfBirth: '1990-06-15',
      termsAccepted: true,
    };
    const refused = await s.call('POST', '/api/rest/enrollment', { body: { ...body, postalCode: '99999' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'body.postalCode', message: NO_ADDRESS }]);
    expect((await s.call('POST', '/api/rest/enrollment', { body: { ...body, postalCode: '99501' } })).status).toBe(201);
  });

  it('the profile refuses 99999 on body.postalCode and takes 99501', async () => {
    const m = await s.enroll();
    const path = `/api/rest/participants/${m.paxId}/profile`;
    const refused = await s.call('PUT', path, { token: m.token, body: { postalCode: '99999' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'body.postalCode', message: NO_ADDRESS }]);
    const taken = await s.call('PUT', path, { token: m.token, body: { postalCode: '99501' } });
    expect(taken.status).toBe(200);
    expect(taken.body.postalCode).toBe('99501');
  });
});
