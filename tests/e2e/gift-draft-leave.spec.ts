import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { member, signInAs } from './support/demo-users';

/**
 * Issue 54, item 11: with a gift being written, Earn in the top bar left with no dialog and the draft was lost (spec:
 * "Leaving either with unsaved data prompts the leave-page warning"). The cart is saved, so a cart alone asks nothing
 * (gift-certificates.spec.ts); a draft asks, by a top-bar link and by the account menu alike.
 */
test('leaving a gift being written asks first, by a top-bar link and by the account menu, and STAY keeps it', async ({ page }) => {
  await signInAs(page, member);
  await page.goto('/gift-certificates/landing');
  await page.getByRole('button', { name: 'BUY ASPIRE GIFT CERTIFICATE' }).click();
  await expect(page).toHaveURL(/\/gift-certificates\/buy$/);
  // Nothing written yet: the category the landing chose is not the member's work to lose.
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Earn' }).click();
  await expect(page).toHaveURL(/\/earn-points$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/gift-certificates\/buy$/);
  await page.getByLabel('Send it as a gift').check();
  await page.getByLabel('Recipient name').fill('Robin Friend');

  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Earn' }).click();
  const warning = page.getByRole('dialog', { name: 'LEAVE THIS PAGE?' });
  await expect(warning).toBeVisible();
  await expectNoSeriousViolations(page, '/gift-certificates/buy leave warning');
  await warning.getByRole('button', { name: 'STAY' }).click();
  await expect(page).toHaveURL(/\/gift-certificates\/buy$/);
  await expect(page.getByLabel('Recipient name')).toHaveValue('Robin Friend');

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'LEAVE' }).click();
  await expect(page).toHaveURL(/\/profile(\/|$)/);
  // Left anyway, the draft is gone, as the warning said: the buy page opens on a fresh one.
  await page.goto('/gift-certificates/buy');
  await expect(page.getByLabel('Send it as a gift')).not.toBeChecked();
});

test('adding the gift to the cart saves it: going on from the cart asks nothing', async ({ page }) => {
  await signInAs(page, member);
  await page.goto('/gift-certificates/landing');
  await page.getByRole('button', { name: 'BUY ASPIRE GIFT CERTIFICATE' }).click();
  await page.getByLabel('Send it as a gift').check();
  await page.getByLabel('Recipient name').fill('Robin Friend');
  await page.getByLabel('Recipient e-mail').fill('robin.e2e@example.com');
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page).toHaveURL(/\/gift-certificates\/cart$/);
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Earn' }).click();
  await expect(page).toHaveURL(/\/earn-points$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
