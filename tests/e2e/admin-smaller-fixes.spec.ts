import { expect, test } from './support/test';
import { admin, signInThroughPage } from './support/demo-users';

/** Issue 28, item 8: the smaller things. */

test('campaign offers are listed as money', async ({ page }) => {
  await signInThroughPage(page, admin);
  await page.goto('/admin-tools/campaign-tool');
  // The demo SPRING campaign's $25 offer read "$25 SPRING_OFFER".
  await expect(page.getByRole('row').filter({ hasText: 'Spring offer (demo)' })).toContainText('$25.00');
});
