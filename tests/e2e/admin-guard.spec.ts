import { expect, test } from './support/test';
import { admin, member, signInAs, signInThroughPage } from './support/demo-users';

test.describe('the admin tools guard', () => {
  test('sends an anonymous visitor to /login', async ({ page }) => {
    await page.goto('/admin-tools');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('sends a member to /home and shows them no Admin Tools link', async ({ page }) => {
    await signInAs(page, member);
    await page.goto('/admin-tools');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Tools' })).toHaveCount(0);
  });

  test('lets an admin in', async ({ page }) => {
    await signInThroughPage(page, admin);
    await page.getByRole('link', { name: 'Admin Tools' }).click();
    await expect(page).toHaveURL(/\/admin-tools$/);
    await expect(page.getByRole('heading', { name: 'Admin Tools' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Give Points' })).toBeVisible();
  });
});
