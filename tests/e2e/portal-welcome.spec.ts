import { randomUUID } from 'node:crypto';
import { acceptTheTerms } from './support/enrollment-form';
import { expect, test } from './support/test';

/** Issue: Join Now promises $20 in savings that nothing delivered. */
test('a member who joins finds the $20 welcome certificate in the wallet and the activity', async ({ page }) => {
  await page.goto('/enrollment');
  await page.getByLabel('First name').fill('Wren');
  await page.getByLabel('Last name').fill('Welcome');
  await page.getByLabel('E-mail address').fill(`wren-${randomUUID()}@example.com`);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await page.getByLabel('ZIP code').fill('92612');
  await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('06/01/1991');
  await acceptTheTerms(page);
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/wallet');
  const certificate = page.getByTestId('certificate').filter({ hasText: 'Welcome Certificate' });
  await expect(certificate).toHaveCount(1);
  await expect(certificate).toContainText('$20');

  await page.goto('/points-certificates/activity-summary');
  const row = page.getByTestId('activity-table').getByRole('row').filter({ hasText: 'WELCOME CERTIFICATE' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$20 toward a treatment');
});
