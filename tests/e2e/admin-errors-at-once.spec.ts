import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInAs } from './support/demo-users';

/**
 * Issue 54, item 2: a tier of -5 units and a minimum above the maximum passed the promotion wizard and were refused
 * one per attempt, each after "Publish this promotion?" was confirmed; reversed dates passed Next; the campaign form
 * reported reversed dates only once the other errors were fixed. Now every error shows at once, on its field, before
 * any question or request, from the server's own rules.
 */
test('the promotion wizard names a negative tier, a minimum above the maximum and reversed dates at once, before asking anything', async ({ page }) => {
  await signInAs(page, admin);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/wizard/promotions')) sent.push(r.url());
  });
  await page.goto('/admin-tools/promo-builder/configure');
  await page.getByLabel('Name', { exact: true }).fill(`Errors at once ${Date.now()}`);
  await page.getByLabel('Promotion code').fill('E2E-AT-ONCE');
  await page.getByLabel('From', { exact: true }).fill('2027-02-28');
  await page.getByLabel('Through', { exact: true }).fill('2026-12-05');
  await page.getByRole('button', { name: 'Next' }).click();
  // Reversed dates keep Next on the overview, named on the field.
  await expect(page.locator('#promo-thruDate-error')).toContainText('must not be before the start date');
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await page.getByLabel('Brand A Dermal Filler (per syringe)').check();
  await page.getByLabel('Rule 1, tier 1: at least (units)').fill('-5');
  await page.getByRole('button', { name: 'Add a tier to Rule 1' }).click();
  await page.getByLabel('Rule 1, tier 2: at least (units)').fill('10');
  await page.getByLabel('Rule 1, tier 2: minimum').fill('50');
  await page.getByLabel('Rule 1, tier 2: maximum').fill('10');
  await page.getByRole('button', { name: 'Save and publish' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  // All three at once: listed above the wizard, which opens the first section holding one.
  await expect(page.getByText(/Some fields need attention: Overview \(1 \w+\), Payout and rules \(2 \w+\)/)).toBeVisible();
  await expect(page.getByText('Rule 1, tier 1, at least (units) must be a whole number above 0')).toBeVisible();
  await expect(page.getByText('Rule 1, tier 2, maximum must not be below the minimum')).toBeVisible();
  await expect(page.locator('#promo-thruDate-error')).toContainText('must not be before the start date');
  // And each beside its field.
  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await expect(page.getByText('Tier 1: must be a whole number above 0')).toBeVisible();
  await expect(page.getByText('Tier 2: must not be below the minimum')).toBeVisible();
  await expect(page.getByLabel('Rule 1, tier 2: maximum')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await expectNoSeriousViolations(page, 'promo wizard with every error at once');
});

test('the campaign form names reversed dates together with its other errors, before saving', async ({ page }) => {
  await signInAs(page, admin);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/dr-campaigns')) sent.push(r.url());
  });
  await page.goto('/admin-tools/campaign-tool/campaign-configuration');
  await page.getByLabel('Campaign name').fill(`Reversed ${Date.now()}`);
  await page.getByLabel('From').fill('2027-02-28');
  await page.getByLabel('Through').fill('2026-12-05');
  await page.getByLabel('Send the reminder this many days before the offer expires').fill('9999');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#campaign-thruDate-error')).toContainText('must not be before');
  await expect(page.locator('#campaign-daysBeforeExpirationToSendReminder-error')).toContainText('from 0 to 3650');
  expect(sent).toEqual([]);
  await expectNoSeriousViolations(page, 'campaign form with every error at once');
});
