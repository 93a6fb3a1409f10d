import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Issue 28, item 6: a refusal names every error at once. A range that ends before it starts was only said after the
 * other fields were fixed (the cross-field check ran after the codecs), so an admin met the errors in two waves.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const errorsOf = (body: { errors: { path: string; message: string }[] }) => [...body.errors].sort((a, b) => a.path.localeCompare(b.path));

describe('one refusal for every error', () => {
  it('a campaign: the amount and the date order together', async () => {
    const r = await s.call('POST', '/api/rest/dr-campaigns', {
      token: admin.token,
      body: { campaignName: 'Waves', certificateAmount: -5, fromDate: '2026-05-10', thruDate: '2026-05-01' },
    });
    expect(r.status).toBe(400);
    expect(errorsOf(r.body)).toEqual([
      { path: 'body.certificateAmount', message: expect.any(String) },
      { path: 'body.thruDate', message: 'must not be before fromDate' },
    ]);
  });

  it('a certificate category: a bad quantity and the date order together, the order in words', async () => {
    const body = {
      certificateCategoryCode: 'WAVES',
      certificateCategoryName: 'Waves',
      certificateCategoryType: 'PURCHASABLE',
      variants: [{ amount: 25, purchaseAmount: 250 }],
      startDate: '2026-12-10',
      endDate: '2026-12-01',
    };
    const r = await s.call('POST', '/api/rest/certificate-categories', { token: admin.token, body: { ...body, quantityInOneTreatment: 0 } });
    expect(r.status).toBe(400);
    expect(errorsOf(r.body)).toEqual([
      { path: 'body.endDate', message: 'must be on or after the start date' },
      { path: 'body.quantityInOneTreatment', message: expect.any(String) },
    ]);
    // Alone, the order is said the same way.
    const alone = await s.call('POST', '/api/rest/certificate-categories', { token: admin.token, body });
    expect(alone.body.errors).toEqual([{ path: 'body.endDate', message: 'must be on or after the start date' }]);
  });
});
