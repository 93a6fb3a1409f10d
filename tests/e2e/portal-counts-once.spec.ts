import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { admin, enrollFreshMember, openSession, signInThroughApi, signInThroughPage } from './support/demo-users';

/**
 * Issue 27, the figures: the $20 welcome certificate applied on a treatment stayed ACTIVE and a second treatment used
 * it again; the bonus and expiring lists did not follow the balance live.
 */
const password = 'Sturdy-pass-42';

async function enrolledWithEmail(request: APIRequestContext) {
  const email = `once-${randomUUID()}@example.com`;
  const r = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Olive', lastName: 'Once', email, password, postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(r.status()).toBe(201);
  const body = (await r.json()) as { authToken: string; pax: { paxId: number } };
  return { email, token: body.authToken, paxId: body.pax.paxId };
}

test('a certificate used on a treatment shows as used with its date, and a second treatment naming it is refused', async ({ page, request }) => {
  const m = await enrolledWithEmail(request);
  const wallet = async () =>
    ((await (await request.get('/api/rest/participants/~/certificates', { headers: { 'auth-token': m.token } })).json()) as { items: { code: string }[] })
      .items;
  await expect.poll(async () => (await wallet()).length).toBe(1);
  const [{ code }] = await wallet();
  const products = (await (await request.get('/api/rest/products', { headers: { 'auth-token': m.token } })).json()) as { id: number; category: string }[];
  const product = products.find((p) => p.category === 'TREATMENT')!;
  const dateOfService = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const treatment = (externalId: string) => ({
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId,
      paxId: m.paxId,
      dateOfService,
      hcpName: 'Dr. Once',
      lineItems: [{ productId: product.id, quantity: 1, injector: { firstName: 'Ira', lastName: 'Injector' } }],
      redeemedCertificateCodes: [code],
    },
  });
  const first = treatment(`once-${randomUUID()}`);
  expect((await request.post('/api/rest/treatments', first)).status()).toBe(202);
  expect((await request.post('/api/rest/treatments', first)).status()).toBe(200);
  const second = await request.post('/api/rest/treatments', treatment(`once-${randomUUID()}`));
  expect(second.status()).toBe(409);
  expect(((await second.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['body.redeemedCertificateCodes.0']);

  await signInThroughPage(page, { email: m.email, password });
  await page.goto('/wallet');
  const certificate = page.getByTestId('certificate').filter({ hasText: code });
  const us = `${dateOfService.slice(5, 7)}/${dateOfService.slice(8, 10)}/${dateOfService.slice(0, 4)}`;
  await expect(certificate.getByTestId('certificate-status')).toHaveText(`USED on ${us}`);
});

test('the bonus list and the expiring list follow the balance live on the rewards page', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Liv', lastName: 'Lists' });
  const { authToken } = await signInThroughApi(request, admin);
  const give = (amount: number, description: string, expirationDate?: string) =>
    request.post(`/api/rest/admin/participants/${fresh.pax.paxId}/points`, {
      headers: { 'auth-token': authToken },
      data: { amount, description, idempotencyKey: randomUUID(), ...(expirationDate ? { expirationDate } : {}) },
    });
  expect((await give(300, 'First bonus')).status()).toBe(201);

  await openSession(page, fresh);
  await page.goto('/wallet/rewards');
  const bonus = page.getByTestId('bonus-points').getByRole('listitem');
  await expect(bonus).toHaveCount(1);
  const expiring = page.getByTestId('expiring-points').getByRole('listitem');
  await expect(expiring).toHaveCount(1);

  // A bonus that expires first lands live in both lists, without a reload.
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  expect((await give(150, 'Soon bonus', soon)).status()).toBe(201);
  await expect(bonus).toHaveCount(2);
  await expect(bonus.first()).toContainText('Soon bonus: 150 points');
  await expect(expiring).toHaveCount(2);
  await expect(expiring.first()).toContainText('150 points expire');

  // A redemption spends the soonest first: the bonus list says what is left, live.
  const redeemed = await page.request.post(`/api/rest/participants/${fresh.pax.paxId}/points/redeem`, {
    headers: { 'auth-token': fresh.authToken },
    data: { amount: 200, type: 'CONSUMER' },
  });
  expect(redeemed.status()).toBe(201);
  await expect(bonus.filter({ hasText: 'Soon bonus' })).toContainText('all used');
  await expect(bonus.filter({ hasText: 'First bonus' })).toContainText('250 left');
  await expect(expiring).toHaveCount(1);
});
