import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { admin, signInAs, signInThroughApi } from './support/demo-users';

/**
 * Issue 54, item 3: each refused save wrote the promotion's OVERVIEW, RULES and FAQ entries (promo-…-overview/rules/faq
 * in GET /content) that no promotion used. The pages are written only once the promotion is saved.
 */
test('a save the server refuses writes none of the promotion’s pages; the save that succeeds writes them', async ({ page, request }) => {
  const marker = `Refused copy ${randomUUID()}`;
  const { authToken } = await signInThroughApi(request, admin);
  const entriesNaming = async (text: string) => {
    const r = await request.get('/api/rest/content?contentType=promotionWebsite', { headers: { 'auth-token': authToken } });
    expect(r.status()).toBe(200);
    return ((await r.json()) as { id: string; fields: unknown }[]).filter((e) => JSON.stringify(e.fields).includes(text));
  };

  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder/configure');
  await page.getByRole('tab', { name: '4. Website' }).click();
  await page.getByRole('group', { name: 'Overview page' }).getByLabel('Text').fill(marker);
  // No name, code or dates: the server refuses the record, each field named.
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText(/Some fields need attention/)).toBeVisible();
  await expect(page.getByText('Start date is required')).toBeVisible();
  expect(await entriesNaming(marker)).toEqual([]);

  // Fixed, saved: then, and only then, its page is written, filed under the promotion.
  await page.getByRole('tab', { name: '1. Overview' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`E2E Refused ${Date.now()}`);
  await page.getByLabel('Promotion code').fill(`E2E-REFUSED-${Date.now()}`);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(day(1));
  await page.getByLabel('Through', { exact: true }).fill(day(30));
  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await page.getByLabel('Brand A Dermal Filler (per syringe)').check();
  await page.getByLabel('Rule 1, tier 1: at least (units)').fill('1');
  await page.getByLabel('Rule 1, tier 1: award').fill('50');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByTestId('promotion-status')).toHaveText('Draft');
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect.poll(async () => (await entriesNaming(marker)).map((e) => e.id)).toEqual([`promo-${id.slice(0, 8)}-overview`]);
});
