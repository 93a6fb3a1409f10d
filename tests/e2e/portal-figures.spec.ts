import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { admin, signInThroughApi, signInThroughPage } from './support/demo-users';

/**
 * Issue: redeeming 1,000 points said "You redeemed 0 points"; the wallet kept listing points as expiring after they
 * were spent; the activity summary showed a redemption as a positive number. Every figure must agree with the ledger.
 */
test('after redeeming 1,000 points, the dialog, the balance, the expiring list and the activity all agree with the ledger', async ({ page, request }) => {
  const email = `figures-${randomUUID()}@example.com`;
  const password = 'Sturdy-pass-42';
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Fay', lastName: 'Figures', email, password, postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status()).toBe(201);
  const { pax } = (await enrolled.json()) as { pax: { paxId: number } };
  const { authToken } = await signInThroughApi(request, admin);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const [amount, expirationDate] of [
    [600, inDays(40)],
    [500, inDays(70)],
  ] as const) {
    const r = await request.post(`/api/rest/admin/participants/${pax.paxId}/points`, {
      headers: { 'auth-token': authToken },
      data: { amount, description: 'Figures bonus', expirationDate, idempotencyKey: randomUUID() },
    });
    expect(r.status()).toBe(201);
  }

  await signInThroughPage(page, { email, password });
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,100');
  const expiring = page.getByTestId('expiring-points').getByRole('listitem');
  await expect(expiring).toHaveCount(2);

  await page.getByRole('button', { name: 'REDEEM' }).click();
  const dialog = page.getByRole('dialog', { name: 'REDEEM POINTS' });
  await dialog.getByRole('radio', { name: /^1,000 points/ }).check();
  await dialog.getByRole('button', { name: 'REDEEM' }).click();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog.getByRole('status')).toContainText('You redeemed 1,000 points.');
  await expect(page.getByTestId('wallet-balance')).toHaveText('100');
  // The earliest-expiring lot was spent first: only 100 of the later one is left to expire.
  await expect(expiring).toHaveCount(1);
  await expect(expiring.first()).toContainText('100 points expire');
  await expect(dialog.getByRole('status')).toContainText('You redeemed 1,000 points.');
  await dialog.getByRole('button', { name: 'DONE' }).click();

  await page.goto('/points-certificates/activity-summary');
  const redeemed = page.getByTestId('activity-table').getByRole('row').filter({ hasText: 'POINTS REDEEMED' });
  await expect(redeemed).toHaveCount(1);
  await expect(redeemed).toContainText('-1,000');
});
