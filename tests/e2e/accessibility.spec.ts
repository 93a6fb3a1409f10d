import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { headingShown } from './support/heading-shown';
import { randomUUID } from 'node:crypto';
import { admin, member, signInThroughApi, signInThroughPage, storedPaxId } from './support/demo-users';
import { memberRoutes, publicRoutes } from './support/routes';

test('public routes have no serious or critical axe violations', async ({ page }) => {
  for (const [path, heading] of publicRoutes) {
    await page.goto(path);
    await headingShown(page, heading);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId('review-code')).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
});

test('member routes and the redeem dialog have no serious or critical axe violations, and work with the keyboard', async ({ page, request }) => {
  await signInThroughPage(page, member);
  const { authToken } = await signInThroughApi(request, admin);
  await request.post(`/api/rest/admin/participants/${await storedPaxId(page)}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount: 300, description: 'E2E', idempotencyKey: randomUUID() },
  });
  for (const [path, heading] of memberRoutes) {
    await page.goto(path);
    await headingShown(page, new RegExp(`^${heading}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }

  await page.goto('/wallet');
  // A keyboard user reaches the button once it is seen (the page is unseen until its frame has loaded).
  await expect(page.getByRole('button', { name: 'REDEEM' })).toBeVisible();
  await page.getByRole('button', { name: 'REDEEM' }).focus();
  await expect(page.getByRole('button', { name: 'REDEEM' })).toBeEnabled();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'REDEEM POINTS' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'redeem dialog');
  await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const toggle = page.getByRole('button', { name: /account menu/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu fades in; colour contrast measured mid-fade is the animation's, not the design's.
  await expect(page.locator('#account-menu')).toHaveCSS('opacity', '1');
  await expectNoSeriousViolations(page, 'account menu');
});

const adminRoutes: [string, string][] = [
  ['/admin-tools', 'Admin Tools'],
  ['/admin-tools/campaign-tool', 'Campaign Tool'],
  ['/admin-tools/campaign-tool/campaign-configuration', 'New campaign'],
  ['/admin-tools/survey-builder', 'Survey Builder'],
  ['/admin-tools/survey-builder/configure', 'New survey'],
  ['/admin-tools/status', 'System Status'],
  ['/admin-tools/content', 'Content'],
  ['/admin-tools/content/entry?type=emailTemplate', 'New content entry'],
  ['/admin-tools/content/entry?id=promo-glow-overview', 'Season of Glow'],
  ['/admin-tools/promo-builder', 'Promo Builder'],
  ['/admin-tools/promo-builder/configure', 'New promotion'],
  ['/admin-tools/product-configuration', 'Product Configuration'],
  ['/admin-tools/cert-definition-tool', 'Certificate Definition Tool'],
  ['/admin-tools/cert-definition-tool/configure', 'New certificate category'],
  ['/admin-tools/cert-definition-tool/configure?code=ASPIRE_GIFT', 'Certificate category ASPIRE_GIFT'],
  ['/admin-tools/employee-search?search=Morgan', 'Member Search'],
  // The demo member is the second participant seeded on a fresh server; the member test above gave them points.
  ['/admin-tools/employee-search/member?paxId=2', 'Morgan Member'],
  ['/admin-tools/give-points', 'Give Points'],
  ['/admin-tools/give-points?paxId=2', 'Give Points'],
  ['/admin-tools/impersonate?search=Morgan', 'Impersonate'],
];

test('admin tools have no serious or critical axe violations', async ({ page }) => {
  // A dozen admin pages, each loaded and scanned: more than the default minute on a loaded two-core machine.
  test.setTimeout(180_000);
  await signInThroughPage(page, admin);
  for (const [path, heading] of adminRoutes) {
    await page.goto(path);
    await headingShown(page, heading);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[data-pc-name="datatable"] .p-datatable-loading-overlay')).toHaveCount(0);
    await expectNoSeriousViolations(page, path);
  }
});
