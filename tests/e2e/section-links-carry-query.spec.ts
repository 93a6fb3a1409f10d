import { expect, test } from './support/test';

/**
 * Issue 54, item 15: Membership perks, find a specialist and Our brands dropped the query string
 * (`/landing#membership-perks`); the spec carries query parameters across internal links.
 */
test('the top bar’s section links carry the landing parameters, in their hrefs and when followed', async ({ page }) => {
  await page.goto('/faq?utm_id=42&refCode=FRIEND');
  const banner = page.getByRole('banner');
  for (const [name, section] of [
    ['Membership perks', 'membership-perks'],
    ['find a specialist', 'find-a-specialist'],
    ['Our brands', 'our-brands'],
  ] as const)
    await expect(banner.getByRole('link', { name })).toHaveAttribute('href', `/landing?utm_id=42&refCode=FRIEND#${section}`);

  await banner.getByRole('link', { name: 'find a specialist' }).click();
  await expect(page).toHaveURL(/\/landing\?utm_id=42&refCode=FRIEND$/);
  await expect(page.locator('#find-a-specialist')).toBeInViewport({ timeout: 6000 });
  // On the landing page the section is scrolled to and the parameters stay; its own link carries them on.
  await banner.getByRole('link', { name: 'Membership perks' }).click();
  await expect(page).toHaveURL(/\/landing\?utm_id=42&refCode=FRIEND$/);
  await page.getByRole('main').getByRole('link', { name: 'Search by ZIP code' }).click();
  await expect(page).toHaveURL(/\/find-specialist\?utm_id=42&refCode=FRIEND$/);
});
