import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughPage } from './support/demo-users';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('an admin creates a promotion, publishes it, sees it ACTIVE in the list, ends it and copies it', async ({ page }) => {
  const name = `E2E Glow ${Date.now()}`;
  await signInThroughPage(page, admin);
  await page.goto('/admin-tools/promo-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Builder' })).toBeVisible();
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();

  // The server's 400 names each field; the form shows each message beside its field.
  await page.getByRole('button', { name: 'Save as new' }).click();
  await expect(page.getByText(/Some fields need attention: Overview \(\d+ errors\)/)).toBeVisible();
  const nameInput = page.getByLabel('Name', { exact: true });
  await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#promo-name-error')).toBeVisible();
  await expect(page.locator('#promo-fromDate-error')).toBeVisible();
  await expectNoSeriousViolations(page, 'promo builder form with field errors');

  await nameInput.fill(name);
  await page.getByLabel('Promotion code').fill('E2E-GLOW-1');
  await page.getByLabel('From', { exact: true }).fill(isoDay(-1));
  await page.getByLabel('Through', { exact: true }).fill(isoDay(60));
  await expect(page.getByLabel('Type')).toHaveValue(/.+/);

  await page.getByRole('tab', { name: 'Participants' }).click();
  await expect(page.getByLabel('Offered to')).toHaveValue(/.*/);
  await expect(page.getByRole('option', { name: 'Every member' })).toHaveCount(1);
  await expectNoSeriousViolations(page, 'promo builder participants section');

  await page.getByRole('tab', { name: 'Payout and rules' }).click();
  await expect(page.getByText('Payout rules are not available yet')).toBeVisible();
  await expectNoSeriousViolations(page, 'promo builder payout and rules section');

  await page.getByRole('tab', { name: 'Website' }).click();
  const overview = page.getByRole('group', { name: 'Overview page' });
  await overview.getByLabel('Content entry id').fill('promo-glow-overview');
  await overview.getByRole('button', { name: 'Preview the Overview page' }).click();
  await expect(overview.getByRole('article', { name: 'Preview of Season of Glow' })).toContainText('There is nothing to sign up for');
  await expectNoSeriousViolations(page, 'promo builder website section with a preview');

  await page.getByRole('button', { name: 'Save as new' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-tools\/promo-builder\/configure\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('promotion-status')).toHaveText('New');
  await expect(page.getByText('Saved promotions are read-only here')).toBeVisible();
  const history = page.getByRole('table').last();
  await expect(history).toContainText(`Created "${name}" (E2E-GLOW-1)`);

  await page.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(page.getByTestId('promotion-status')).toHaveText('Active');
  await expect(history).toContainText('New → Active');
  await expectNoSeriousViolations(page, 'promo builder record view');

  await page.getByRole('button', { name: 'Back to list' }).click();
  await page.getByRole('searchbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('E2E-GLOW-1');
  await expect(row.getByRole('button', { name: `Publish ${name}` })).toHaveCount(0);

  await row.getByRole('button', { name: `End ${name}` }).click();
  const ask = page.getByRole('dialog', { name: 'End this promotion?' });
  await expect(ask).toContainText('can never be published again');
  await ask.getByRole('button', { name: 'End promotion' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText(`"${name}" is now Ended.`)).toBeVisible();
  await expect(row).toContainText('Ended');
  await expect(row.getByRole('button', { name: `End ${name}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Copy ${name}` }).click();
  const copyRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: `${name} - Copy`, exact: true }) });
  await expect(copyRow).toContainText('Draft');
  await expect(copyRow).toContainText(/E2E-GLOW-\d{13}/);
  await expect(page.getByText(`Copied as "${name} - Copy"`)).toBeVisible();
  await expectNoSeriousViolations(page, 'promo builder list after a copy');
});
