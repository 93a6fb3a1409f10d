import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInAs } from './support/demo-users';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('an admin saves a promotion as a draft in the wizard, edits it, publishes it after confirming, ends it and copies it', async ({ page }) => {
  const name = `E2E Glow ${Date.now()}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo Builder' })).toBeVisible();
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '1. Overview' })).toBeVisible();

  // The server's 400 names each field; the wizard shows each message beside its field and lists them in words.
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Some fields need attention: Overview (4 fields), Payout and rules (2 fields).')).toBeVisible();
  await expect(page.getByText('Rule 1, products must name at least one product')).toBeVisible();
  await expect(page.getByText('Rule 1, tier 1, at least (units) is required (the units a treatment must reach)')).toBeVisible();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText(/body\.|payoutAndRules|overview\./)).toHaveCount(0);
  const nameInput = page.getByLabel('Name', { exact: true });
  await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#promo-name-error')).toBeVisible();
  await expectNoSeriousViolations(page, 'promo wizard with field errors');

  await nameInput.fill(name);
  await page.getByLabel('Promotion code').fill('E2E-GLOW-1');
  await page.getByLabel('From', { exact: true }).fill(isoDay(-1));
  await page.getByLabel('Through', { exact: true }).fill(isoDay(60));
  await expect(page.getByLabel('Type')).toHaveValue('Flat payout');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Offered to')).toHaveValue(/.*/);
  await expect(page.getByRole('option', { name: 'Every member' })).toHaveCount(1);
  await expectNoSeriousViolations(page, 'promo wizard participants step');

  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await page.getByLabel('Brand A Dermal Filler (per syringe)').check();
  await page.getByLabel('Rule 1, tier 1: at least (units)').fill('1');
  await page.getByLabel('Rule 1, tier 1: award').fill('50');
  await page.getByLabel('Rule 1, tier 1: paid').selectOption({ label: 'once' });
  await expect(page.getByText('Some fields need attention')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'promo wizard payout and rules step');

  await page.getByRole('tab', { name: '4. Website' }).click();
  const overview = page.getByRole('group', { name: 'Overview page' });
  await overview.getByLabel('Text').fill('Sparkle all spring.\n\nThere is nothing to sign up for.');
  await expectNoSeriousViolations(page, 'promo wizard website step');

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-tools\/promo-builder\/configure\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('promotion-status')).toHaveText('Draft');
  const history = page.getByRole('table').last();
  await expect(history).toContainText(`Created "${name}" (E2E-GLOW-1)`);

  // A draft is edited step by step; the change is one revision in its history.
  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await expect(page.getByLabel('Brand A Dermal Filler (per syringe)')).toBeChecked();
  await page.getByLabel('Rule 1, tier 1: award').fill('75');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText(`"${name}" is saved as draft.`)).toBeVisible();
  await expect(history).toContainText('Changed the payout and rules');
  await page.getByRole('tab', { name: '4. Website' }).click();
  await expect(page.getByRole('group', { name: 'Overview page' }).getByLabel('Text')).toHaveValue('Sparkle all spring.\n\nThere is nothing to sign up for.');

  await page.getByRole('button', { name: `Publish ${name}` }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this promotion?' });
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('promotion-status')).toHaveText('Active');
  await expect(history).toContainText('Draft → Active');
  await expect(page.getByText('A published promotion cannot be edited')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'promo wizard, published promotion');

  await page.getByRole('button', { name: 'Back to list' }).last().click();
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
