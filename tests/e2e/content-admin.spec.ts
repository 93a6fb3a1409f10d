import { expect, test } from './support/test';
import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInAs } from './support/demo-users';

test('an admin lists content by type, creates and edits a banner, and reads its history; markup stays text', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools');
  await page.getByRole('main').getByRole('link', { name: 'Content', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await page.getByLabel('Content type').selectOption({ label: 'Banner' });
  await expect(page.getByRole('link', { name: 'banner-rewards' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Important safety information', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'New entry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New content entry' })).toBeVisible();
  await expect(page.getByLabel('Type').locator('option:checked')).toHaveText('Banner');
  // A new banner starts with the fields the other banners have.
  await expect(page.getByLabel('bannerText')).toHaveValue('');
  await expect(page.getByLabel('linkText')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The entry id must be 1 to 64 letters, digits, - or _.')).toBeVisible();

  const id = `banner-e2e-${randomUUID().slice(0, 8)}`;
  const markup = '<img src="x" onerror="document.title=\'pwned\'"> Spring sale';
  await page.getByLabel('Entry id').fill(id);
  await page.getByLabel('bannerText').fill(markup);
  await page.getByLabel('linkText').fill('See the sale');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved “${id}”.`);
  await expect(page).toHaveURL(new RegExp(`/admin-tools/content/entry\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible();

  await page.getByLabel('bannerText').fill('Summer sale');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved “${id}”.`);
  const history = page.locator('.content-admin__history li');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toHaveText(/^Edited on \d{2}\/\d{2}\/\d{4} at .+ by Avery Admin: bannerText$/);
  await expect(history.last()).toHaveText(/^Created on \d{2}\/\d{2}\/\d{4} at .+ by Avery Admin: /);

  // The markup was stored as text and never became an element of the page.
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');
  await expectNoSeriousViolations(page, 'content entry with history');
});

test('a structured field must be valid JSON, named in words, and nothing is saved until it is', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/content/entry?id=promo-glow-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotion rules' })).toBeVisible();
  const body = page.getByLabel('body (JSON)');
  const before = await body.inputValue();
  await body.fill('{ "nodeType": "document", ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The field “body” is not valid JSON: check its brackets, commas and quotes.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('body (JSON)')).toHaveValue(before);
});

test('the admin tools page links to this environment’s external admin tool with token, user and origin=refresh', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools');
  const link = page.getByRole('link', { name: 'External admin tool (opens in a new tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = new URL((await link.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe('https://admin-tool.example.test/e2e/admin-tools');
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { authToken?: string }).authToken);
  expect(href.searchParams.get('token')).toBe(token);
  expect(href.searchParams.get('user')).toMatch(/^\d+$/);
  expect(href.searchParams.get('origin')).toBe('refresh');
});

test('the content admin works from the keyboard alone', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await page.getByLabel('Content type').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'New entry' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New content entry' })).toBeVisible();

  const id = `copy-keys-${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Type').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Entry id')).toBeFocused();
  await page.keyboard.type(id);
  // The next stop is the type's first field.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('id', /^content-field-/);
  await page.keyboard.type('Typed with keys');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/^Saved “.+”\.$/);
  await expect(page).toHaveURL(new RegExp(`id=${id}$`));
});
