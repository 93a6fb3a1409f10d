import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { admin, member, signInThroughApi, signInAs } from './support/demo-users';

/** Issue 28, item 1: a promotion's payout past the bounds is refused on its fields; one far above the usual is put in figures before publishing. */

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const code = () => `E2E-BIG-${randomUUID().slice(0, 8).toUpperCase()}`;

test('a payout past the bounds is refused on its fields; a payout far above the usual asks "This pays up to N points per treatment. Publish?"', async ({
  page,
  request,
}) => {
  const name = `E2E Big payout ${Date.now()}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder/configure');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Promotion code').fill(code());
  await page.getByLabel('From', { exact: true }).fill(isoDay(-3));
  await page.getByLabel('Through', { exact: true }).fill(isoDay(30));
  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await page.getByLabel('Brand B Neuromodulator (per unit)').check();
  await page.getByLabel('Rule 1, tier 1: at least (units)').fill('1');
  const award = page.getByLabel('Rule 1, tier 1: award');
  await award.fill('999999999999');
  await page.getByLabel(/^Daily cap/).fill('99999999999999');

  await page.getByRole('button', { name: 'Save and publish' }).click();
  // Refused before any question or request, each on its field, in the server's words.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(award).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Daily cap/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Rule 1, tier 1, award must be a whole number of points from 0 to 10,000')).toBeVisible();
  await expect(page.getByText('Daily cap must be a whole number of points from 1 to 100,000')).toBeVisible();

  // Within the bounds, but 9,000 points a treatment: the question says so in figures; Cancel publishes nothing.
  await award.fill('900');
  await page.getByLabel('Rule 1, tier 1: maximum').fill('9000');
  await page.getByLabel(/^Daily cap/).fill('');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  const ask = page.getByRole('dialog', { name: 'Publish an unusually large payout?' });
  await expect(ask).toContainText('This pays up to 9,000 points per treatment. Publish?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  const { authToken } = await signInThroughApi(request, admin);
  const listed = await request.get(
    `/api/rest/promotions?promotionCategory=PROMOTION&status=ALL&showAllForMyLevelAndBelow=false&searchName=${encodeURIComponent(name)}`,
    {
      headers: { 'auth-token': authToken },
    },
  );
  expect(JSON.stringify(await listed.json())).not.toContain(name);

  // A usual payout asks the usual question.
  await award.fill('3');
  await page.getByLabel('Rule 1, tier 1: maximum').fill('');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('dialog', { name: 'Publish this promotion?' })).toBeVisible();
});

test('the tile title set in the wizard’s website step is the title members see on /earn-points', async ({ page }) => {
  // The demo promotion is named "Season of Glow"; its tile title (server/seed/demo-promotion.ts) says more.
  await signInAs(page, member);
  await page.goto('/earn-points');
  const tile = page.getByTestId('promotion-tile').filter({ hasText: 'Season of Glow' });
  await expect(tile.getByRole('heading', { level: 3 })).toHaveText('Season of Glow: a $25 offer for each qualifying treatment');
});

test('a draft can be deleted from the list, after a confirmation; it then leaves the list', async ({ page, request }) => {
  const name = `E2E Draft ${Date.now()}`;
  const { authToken } = await signInThroughApi(request, admin);
  const created = await request.post('/api/rest/admin/promotions', {
    headers: { 'auth-token': authToken },
    data: { name, promotionCode: code(), fromDate: isoDay(1), thruDate: isoDay(30), finalize: false },
  });
  expect(created.status()).toBe(201);
  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const ask = page.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(ask).toContainText(`"${name}" leaves the list and can never be published. Its history is kept.`);
  await ask.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByText(`"${name}" is now Deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('publishing an empty promotion names what is missing at once, without asking "Publish?" first', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder/configure');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Start date is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Rule 1, tier 1, at least (units) is required (the units a treatment must reach)')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
