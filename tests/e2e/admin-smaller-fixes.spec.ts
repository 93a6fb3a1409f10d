import { expect, test } from './support/test';
import { admin, signInThroughApi, signInAs } from './support/demo-users';

/** Issue 28, item 8: the smaller things. */

test('campaign offers are listed as money', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/campaign-tool');
  // The demo SPRING campaign's $25 offer read "$25 SPRING_OFFER".
  await expect(page.getByRole('row').filter({ hasText: 'Spring offer (demo)' })).toContainText('$25.00');
});

test('a campaign is ended from the list after a confirmation; Keep it running changes nothing', async ({ page, request }) => {
  const login = await signInThroughApi(request, admin);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const name = `Ending ${Date.now()}`;
  const created = await request.post('/api/rest/dr-campaigns', {
    headers: { 'auth-token': login.authToken },
    data: {
      campaignName: name,
      statusTypeCode: 'ACTIVE',
      fromDate: day(-2),
      thruDate: day(30),
      certificateCategoryCode: 'SPRING_OFFER',
      certificateAmount: 10,
    },
  });
  expect(created.status()).toBe(201);

  await signInAs(page, admin);
  await page.goto('/admin-tools/campaign-tool');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `End ${name}` }).click();
  const ask = page.getByRole('dialog', { name: `End ${name}?` });
  await ask.getByRole('button', { name: 'Keep it running' }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `End ${name}` }).click();
  await ask.getByRole('button', { name: 'End campaign' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Ended ${name}.` })).toBeVisible();
  await expect(row).toContainText('Ended');
  await expect(row.getByRole('button', { name: `End ${name}` })).toHaveCount(0);
});

test('the content editor refuses a colour that is not one, on its field, and previews the banner', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/content/entry?id=banner-rewards');
  const preview = page.getByTestId('banner-preview');
  await expect(preview).toContainText('New: earn bonus points');
  await expect(preview).toHaveCSS('background-color', 'rgb(78, 98, 114)');

  const background = page.getByLabel('backgroundColor', { exact: true });
  await background.fill('dark-ish blue');
  await background.blur();
  await expect(page.locator('#content-field-backgroundColor-error')).toHaveText(
    'The field “backgroundColor” must be a colour, such as #4e6272, rgb(78, 98, 114) or a colour name.',
  );
  await expect(background).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();

  // A good colour is previewed at once, before saving (nothing is saved here).
  await background.fill('#123456');
  await expect(preview).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(page.getByTestId('swatch-backgroundColor')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
});
