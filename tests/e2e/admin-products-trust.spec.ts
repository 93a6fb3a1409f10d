import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test';
import { admin, member, signInThroughApi, signInAs } from './support/demo-users';

/** Issue 28: product configuration an administrator can trust (bounds in words, a second confirmation, a Retire that retires). */

const typeNumber = async (input: Locator, value: string) => {
  await input.click();
  await input.pressSequentially(value);
  await input.blur();
};

async function addProduct(page: Page, name: string, msrp: string, points: string) {
  await page.getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Treatment' });
  await form.getByLabel('Brand').selectOption({ label: 'Brand A Aesthetics' });
  await typeNumber(form.getByLabel('MSRP per unit'), msrp);
  await typeNumber(form.getByLabel('Points per unit'), points);
  return form;
}

test('Retire asks first, then retires: the product leaves the list and a treatment naming it earns nothing', async ({ page, request }) => {
  const name = `Retiring ${randomUUID().slice(0, 8)}`;
  const { authToken } = await signInThroughApi(request, admin);
  const created = await request.post('/api/rest/admin/products', {
    headers: { 'auth-token': authToken },
    data: { name, category: 'TREATMENT', brand: 'BRAND_A', msrpPerUnit: 20, pointsPerUnit: 2 },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;

  await signInAs(page, admin);
  await page.goto('/admin-tools/product-configuration');
  const row = page.getByTestId('products').getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Retire ${name}` }).click();
  // A confirmation first, naming the product; keeping it changes nothing.
  const confirm = page.getByRole('dialog', { name: `Retire ${name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Active');

  // By keyboard this time.
  await row.getByRole('button', { name: `Retire ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Retire product' }).click();
  await expect(page.getByRole('status')).toHaveText(`Retired ${name}: it no longer earns points or pays promotions on new treatments.`);
  await expect(page.getByTestId('products')).not.toContainText(name);

  // The server agrees: it is retired, and a practice's treatment naming it is refused, so it earns and pays nothing.
  const all = await request.get('/api/rest/products?includeRetired=true', { headers: { 'auth-token': authToken } });
  expect(((await all.json()) as { id: number; retired: boolean }[]).find((p) => p.id === productId)?.retired).toBe(true);
  const { pax } = await signInThroughApi(request, member);
  const treatment = await request.post('/api/rest/treatments', {
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId: `retired-${productId}`,
      paxId: pax.paxId,
      dateOfService: new Date().toISOString().slice(0, 10),
      hcpName: 'Dr. Retired',
      lineItems: [{ productId, quantity: 10, injector: { firstName: 'Ann', lastName: 'Injector' } }],
    },
  });
  expect(treatment.status()).toBe(400);
});

test('money and points past their bounds are refused on the field in words; amounts far above the usual ask again', async ({ page }) => {
  const name = `Pricey ${randomUUID().slice(0, 8)}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/product-configuration');
  const form = await addProduct(page, name, '1000000', '5000');
  // Leaving the fields shows the rule on each, before any request.
  await expect(form.locator('#product-msrp-error')).toHaveText('MSRP per unit: must be a dollar amount from $0 to $10,000, in whole cents');
  await expect(form.locator('#product-points-error')).toHaveText('Points per unit: must be a whole number of points from 0 to 1,000');
  await expect(form.getByLabel('Points per unit')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Add product' }).click();
  await expect(form).toBeVisible();

  // A decimal point in whole points stays as typed and is refused; it does not become 25 without a word.
  await form.getByLabel('Points per unit').fill('');
  await typeNumber(form.getByLabel('Points per unit'), '2.5');
  await expect(form.getByLabel('Points per unit')).toHaveValue('2.5');
  await expect(form.locator('#product-points-error')).toHaveText('Points per unit: must be a whole number of points from 0 to 1,000');

  // Within the bounds but far above the usual: a second confirmation that says what it pays.
  await form.getByLabel('MSRP per unit').fill('');
  await typeNumber(form.getByLabel('MSRP per unit'), '300');
  await form.getByLabel('Points per unit').fill('');
  await typeNumber(form.getByLabel('Points per unit'), '900');
  await expect(form.locator('#product-points-error')).toBeHidden();
  await form.getByRole('button', { name: 'Add product' }).click();
  const ask = page.getByRole('dialog', { name: 'Save an unusual amount?' });
  await expect(ask).toContainText('This product earns 900 points per unit (usually at most 200). Save it?');
  await ask.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByTestId('products')).not.toContainText(name);
  await form.getByRole('button', { name: 'Add product' }).click();
  await ask.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved ${name}.`);

  // A second product with the same name is refused on the name.
  const again = await addProduct(page, name.toUpperCase(), '20', '2');
  await again.getByRole('button', { name: 'Add product' }).click();
  await expect(again.locator('#product-name-error')).toHaveText('Name: is already the name of another product');
});

test('dropdowns look like dropdowns: the native select keeps its arrow', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/product-configuration');
  await page.getByRole('button', { name: 'New product' }).click();
  const category = page.getByRole('form', { name: 'New product' }).getByLabel('Category');
  // The theme's text-field look (appearance: none) hid the arrow.
  expect(await category.evaluate((el) => getComputedStyle(el).appearance)).not.toBe('none');
});

// Issue 54, item 6: a retirement made by mistake could not be undone.
test('a retired product is brought back with Restore, and its history says so', async ({ page, request }) => {
  const name = `Comeback ${randomUUID().slice(0, 8)}`;
  const { authToken } = await signInThroughApi(request, admin);
  const headers = { 'auth-token': authToken };
  const created = await request.post('/api/rest/admin/products', {
    headers,
    data: { name, category: 'TREATMENT', brand: 'BRAND_A', msrpPerUnit: 100, pointsPerUnit: 10 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.post(`/api/rest/admin/products/${id}/retire`, { headers })).status()).toBe(200);

  await signInAs(page, admin);
  await page.goto('/admin-tools/product-configuration');
  await page.getByLabel('Show retired products').check();
  const row = page.getByTestId('products').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Retired');
  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Restored ${name}: it is offered on new treatments again.`);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Restore ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByTestId('audit-history');
  await expect(history.getByRole('heading', { name: `History of ${name}` })).toBeVisible();
  await expect(history).toContainText('Restored by Avery Admin');
});
