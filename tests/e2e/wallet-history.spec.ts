import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, openSession, signInThroughApi } from './support/demo-users';

/**
 * Issue 54, item 12: used, expired and voided certificates were nowhere in the wallet, though the spec defines
 * EXPIRED, VOID and "display as VOIDED". The History tab lists them with their status and dates.
 */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function redeem(request: APIRequestContext, paxId: number, token: string) {
  const r = await request.post(`/api/rest/participants/${paxId}/points/redeem`, { headers: { 'auth-token': token }, data: { amount: 100, type: 'CONSUMER' } });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { certificate: { id: string; code: string; expirationDate: string } }).certificate;
}

test('the wallet History tab shows used, expired and voided certificates with their status and dates', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Hana', lastName: 'History' });
  const paxId = fresh.pax.paxId;
  const adminLogin = await signInThroughApi(request, admin);
  const given = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { amount: 300, description: 'E2E history', idempotencyKey: randomUUID() },
  });
  expect(given.status()).toBe(201);
  const toExpire = await redeem(request, paxId, fresh.authToken);
  const toVoid = await redeem(request, paxId, fresh.authToken);
  const toUse = await redeem(request, paxId, fresh.authToken);

  // An impersonating admin expires one and voids another (the spec's only way to either by hand).
  const impersonation = await request.post('/api/rest/authenticate/impersonate', { headers: { 'auth-token': adminLogin.authToken }, data: { paxId } });
  expect(impersonation.status()).toBe(200);
  const asAdmin = { 'auth-token': ((await impersonation.json()) as { authToken: string }).authToken };
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (await request.put(`/api/rest/certificates/${toExpire.id}`, { headers: asAdmin, data: { status: 'EXPIRED', expirationDate: lastMonth } })).status(),
  ).toBe(200);
  expect((await request.put(`/api/rest/certificates/${toVoid.id}`, { headers: asAdmin, data: { status: 'VOID' } })).status()).toBe(200);

  // A treatment uses the third.
  const products = (await (await request.get('/api/rest/products', { headers: { 'auth-token': fresh.authToken } })).json()) as {
    id: number;
    category: string;
  }[];
  const dateOfService = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const treated = await request.post('/api/rest/treatments', {
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId: `history-${randomUUID()}`,
      paxId,
      dateOfService,
      hcpName: 'Dr. History',
      lineItems: [{ productId: products.find((p) => p.category === 'TREATMENT')!.id, quantity: 1, injector: { firstName: 'Ira', lastName: 'Injector' } }],
      redeemedCertificateCodes: [toUse.code],
    },
  });
  expect(treated.status()).toBe(202);

  await openSession(page, fresh);
  await page.goto('/wallet');
  // The summary lists what can be used: the expired and the voided are not there.
  await expect(page.getByTestId('certificate').filter({ hasText: toUse.code })).toBeVisible();
  await expect(page.getByTestId('certificate').filter({ hasText: toVoid.code })).toHaveCount(0);
  await expect(page.getByTestId('certificate').filter({ hasText: toExpire.code })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Wallet' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/wallet\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate History' })).toBeVisible();
  const row = (code: string) => page.getByTestId('past-certificate').filter({ hasText: code }).getByTestId('past-certificate-status');
  await expect(row(toUse.code)).toHaveText(`USED · Used on ${usDate(dateOfService)} · it was to expire ${usDate(toUse.expirationDate)}`);
  await expect(row(toExpire.code)).toHaveText(`EXPIRED · Expired ${usDate(lastMonth)}`);
  await expect(row(toVoid.code)).toHaveText(`VOID · Voided before its expiration date, ${usDate(toVoid.expirationDate)}`);
  // The welcome certificate is still usable: it is not history.
  await expect(page.getByTestId('past-certificate')).toHaveCount(3);
  await expectNoSeriousViolations(page, '/wallet/history');
});
