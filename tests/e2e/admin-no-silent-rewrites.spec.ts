import { expect, test } from './support/test';
import { admin, signInAs } from './support/demo-users';

/** Issue 28, item 2: nothing the admin typed is replaced silently; a value the server would refuse is refused on its field, in words. */

test.beforeEach(async ({ page }) => {
  await signInAs(page, admin);
});

test('survey points of -20 and 0 attempts stay as typed and are refused on their fields after leaving them', async ({ page }) => {
  await page.goto('/admin-tools/survey-builder/configure');
  const points = page.getByLabel('Points', { exact: true });
  await points.fill('-20');
  await points.blur();
  await expect(points).toHaveValue('-20');
  await expect(page.locator('#survey-points-error')).toHaveText('must be a whole number of points from 0 to 10,000');
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  const attempts = page.getByLabel('Maximum attempts');
  await attempts.fill('0');
  await attempts.blur();
  await expect(attempts).toHaveValue('0');
  await expect(page.locator('#survey-attempts-error')).toHaveText('must be a whole number above 0');
  // Far above the usual but allowed: asked again before saving.
  await points.fill('5000');
  await attempts.fill('3');
  await page.getByLabel('Name', { exact: true }).fill(`Big survey ${Date.now()}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Save an unusual amount?' })).toContainText(
    'This survey pays 5,000 points to each member who completes it (usually at most 1,000). Save it?',
  );
});

test('a category valid for -5 days and a variant of "abc" dollars stay as typed and are refused on their fields', async ({ page }) => {
  await page.goto('/admin-tools/cert-definition-tool/configure');
  const days = page.getByLabel('Valid for (days)');
  await days.fill('-5');
  await days.blur();
  await expect(days).toHaveValue('-5');
  const amount = page.getByLabel('Variant 1 amount in dollars');
  await amount.fill('abc');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.locator('#category-expiration-error')).toHaveText('Valid for (days): must be a whole number of days from 1 to 3650');
  await expect(days).toHaveValue('-5');
  // An amount that is not a number stays as typed and is refused on its cell, not blanked.
  await expect(amount).toHaveValue('abc');
  await expect(page.locator('#variant-0-amount-error')).toContainText('must be a dollar amount');
});

test('a campaign amount of "abc" or $1,000,000 is refused on the field; $500 asks again; the banner names the campaign', async ({ page }) => {
  await page.goto('/admin-tools/campaign-tool/campaign-configuration');
  const name = `Bounded ${Date.now()}`;
  await page.getByLabel('Campaign name').fill(name);
  const amount = page.getByLabel('Certificate amount ($)');
  await amount.fill('abc');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(amount).toHaveValue('abc');
  await expect(page.locator('#campaign-certificateAmount-error')).toHaveText(
    'Certificate amount ($): must be a dollar amount from $0.01 to $1,000, in whole cents',
  );
  await amount.fill('1000000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('#campaign-certificateAmount-error')).toHaveText(
    'Certificate amount ($): must be a dollar amount from $0.01 to $1,000, in whole cents',
  );
  await amount.fill('500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Save an unusual amount?' });
  await expect(ask).toContainText('Each member who claims this offer gets a $500 certificate (usually at most $100). Save it?');
  await ask.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toHaveText(`Saved ${name}.`);
});
