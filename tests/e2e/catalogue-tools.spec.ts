import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, member, signInAs } from './support/demo-users';

/** PrimeReact's InputNumber formats as it is typed, so it is typed into rather than filled. */
const typeNumber = async (input: Locator, value: string) => {
  await input.click();
  await input.pressSequentially(value);
  await input.blur();
};

test('an admin adds a product, sees it listed, and reads its history', async ({ page }) => {
  const name = `E2E Serum ${randomUUID().slice(0, 8)}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/product-configuration');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Configuration' })).toBeVisible();
  await expect(page.getByTestId('products')).toContainText('Brand A Partner Skincare Serum');

  await page.getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  // The server's refusal lands beside each field it names.
  await form.getByRole('button', { name: 'Add product' }).click();
  await expect(form.locator('#product-name-error')).toHaveText('Name: must be 1 to 120 characters');
  await expect(form.locator('#product-brand-error')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Partner product' });
  await form.getByLabel('Brand').selectOption({ label: 'Brand B Dermal' });
  await typeNumber(form.getByLabel('MSRP per unit'), '95');
  await typeNumber(form.getByLabel('Points per unit'), '8');
  await expectNoSeriousViolations(page, 'product form with errors');
  await form.getByRole('button', { name: 'Add product' }).click();

  await expect(page.getByRole('status')).toHaveText(`Saved ${name}.`);
  await expect(form).toBeHidden();
  const row = page.getByTestId('products').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Partner product');
  await expect(row).toContainText('Brand B Dermal');
  await expect(row).toContainText('$95.00');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByTestId('audit-history');
  await expect(history.getByRole('heading', { name: `History of ${name}` })).toBeVisible();
  await expect(history).toContainText('Created by Avery Admin');
  await expect(history).toContainText('Points per unit: 8');
});

test('an admin creates a purchasable category with two variants, and a member finds it in the gift shop', async ({ page, browser }) => {
  const code = `E2E_SPA_${randomUUID().slice(0, 6).toUpperCase()}`;
  const name = `Spa Escape ${code.slice(-6)}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/cert-definition-tool');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate Definition Tool' })).toBeVisible();
  await expect(page.getByTestId('categories')).toContainText('ASPIRE_GIFT');
  await page.getByRole('link', { name: 'New category' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'New certificate category' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('A relaxing day at a participating practice.');
  await page.getByLabel('Terms and conditions').fill('Valid for 180 days. Not exchangeable for cash.');
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('0'); // purchasable is the first choice
  await typeNumber(page.getByLabel('Variant 1 amount in dollars'), '40');
  await typeNumber(page.getByLabel('Variant 1 price in points'), '400');
  await page.getByRole('button', { name: 'Add variant' }).click();
  await typeNumber(page.getByLabel('Variant 2 amount in dollars'), '80');
  // Saved without the second price: the server names body.variants.1.purchaseAmount, shown on that row.
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.locator('#variant-1-purchaseAmount-error')).toContainText('must be a whole number of points');
  await expect(page.getByLabel('Variant 2 price in points')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'category form with errors');

  await typeNumber(page.getByLabel('Variant 2 price in points'), '800');
  await page.getByRole('button', { name: 'Save category' }).click();
  // The group builder's live member count is a status too: the save message is the one that says Saved.
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toHaveText(`Saved ${name}.`);
  await expect(page).toHaveURL(new RegExp(`/admin-tools/cert-definition-tool/configure\\?code=${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Certificate category ${code}` })).toBeVisible();
  await expect(page.getByTestId('audit-history')).toContainText('Created by Avery Admin');

  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(page.getByTestId('categories').getByRole('row').filter({ hasText: code })).toContainText('$40.00 for 400 pts, $80.00 for 800 pts');

  const memberContext = await browser.newContext();
  const shopper = await memberContext.newPage();
  await signInAs(shopper, member);
  await shopper.goto('/gift-certificates/landing');
  const tile = shopper.getByTestId('gift-category').filter({ hasText: name });
  await expect(tile).toContainText('A relaxing day at a participating practice.');
  await expect(tile).toContainText('$40.00 for 400 points · $80.00 for 800 points');
  await expect(tile.getByRole('button', { name: `BUY ${name.toUpperCase()}` })).toBeVisible();
  await memberContext.close();
});

test("an admin sets a category's terms and a variant's criteria; the member's shop offers what they may buy", async ({ page, browser }) => {
  const code = `E2E_VIP_${randomUUID().slice(0, 6).toUpperCase()}`;
  const name = `Glow Club ${code.slice(-6)}`;
  // Two days back: on or before today in the programme's time zone whatever the hour here (its today can be the UTC
  // day before).
  const start = new Date(Date.now() - 2 * 86_400_000);
  const onSaleFrom = `${String(start.getUTCMonth() + 1).padStart(2, '0')}/${String(start.getUTCDate()).padStart(2, '0')}/${start.getUTCFullYear()}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/cert-definition-tool/configure');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await typeNumber(page.getByLabel('Variant 1 amount in dollars'), '40');
  await typeNumber(page.getByLabel('Variant 1 price in points'), '400');
  await page.getByRole('button', { name: 'Add variant' }).click();
  await typeNumber(page.getByLabel('Variant 2 amount in dollars'), '80');
  await typeNumber(page.getByLabel('Variant 2 price in points'), '800');

  // On sale from two days ago, for oneself only; at most one redeemed per treatment.
  await page.getByLabel('On sale from (MM/DD/YYYY, empty: already)').pressSequentially(onSaleFrom);
  await page.getByLabel('May be bought as a gift for someone else').uncheck();
  await typeNumber(page.getByLabel('Most redeemed at one treatment (empty: no limit)'), '1');
  // At most 50 ever sold in the gift shop: the member sees how many are left.
  await typeNumber(page.getByLabel('Most ever sold in the gift shop (empty: no limit)'), '50');
  await expect(page.getByText('once 50 are sold the gift shop shows it sold out')).toBeVisible();

  // Variant 2 only for members who earned a million points: operators read as words.
  await page.getByText('Variant 2: offered to every member').click();
  const rules = page.getByRole('group', { name: 'Who may buy or redeem variant 2' });
  await rules.getByLabel('Field, rule 1').selectOption({ label: 'Points earned in the programme' });
  await rules.getByLabel('Comparison, rule 1').selectOption({ label: 'is at least' });
  await rules.getByLabel('Value, rule 1').fill('1000000');
  await expect(page.getByText('Variant 2: offered only to members who meet its rules')).toBeVisible();
  await expectNoSeriousViolations(page, 'category terms and variant criteria');

  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toHaveText(`Saved ${name}.`);

  // Read back as saved.
  await page.reload();
  await expect(page.getByLabel('On sale from (MM/DD/YYYY, empty: already)')).toHaveValue(onSaleFrom);
  await expect(page.getByLabel('May be bought as a gift for someone else')).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Who may buy or redeem variant 2' }).getByLabel('Value, rule 1')).toHaveValue('1000000');
  await expect(page.getByTestId('audit-history')).toContainText('Created by Avery Admin');

  // Trimming keeps the first variant, after asking (variant 2 has an amount and rules); not saved, so the member
  // still sees the saved category.
  await page.getByRole('button', { name: 'Keep only the first variant' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'keeping only the first?' })).toBeVisible();
  await expect(page.getByLabel('Variant 2 amount in dollars')).toHaveCount(1);
  await page.getByRole('button', { name: 'Yes, keep only the first variant' }).click();
  await expect(page.getByLabel('Variant 2 amount in dollars')).toHaveCount(0);

  const memberContext = await browser.newContext();
  const shopper = await memberContext.newPage();
  await signInAs(shopper, member);
  await shopper.goto('/gift-certificates/landing');
  const tile = shopper.getByTestId('gift-category').filter({ hasText: name });
  await expect(tile).toContainText('$40.00 for 400 points');
  await expect(tile).not.toContainText('$80.00');
  await expect(tile).toContainText('For yourself only: it cannot be sent as a gift.');
  await expect(tile).toContainText('Only 50 left');
  await tile.getByRole('button', { name: `BUY ${name.toUpperCase()}` }).click();
  await expect(shopper.getByText(`${name} certificates cannot be sent as a gift: this one is for you.`)).toBeVisible();
  await expect(shopper.getByLabel('Send it as a gift')).toHaveCount(0);
  await memberContext.close();
});
