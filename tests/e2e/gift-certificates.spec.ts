import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, member, signInThroughApi, signInAs, signInThroughPage, storedPaxId } from './support/demo-users';

const shownNumber = async (text: Promise<string | null>) => Number((await text)?.replace(/,/g, ''));

test('a member buys a gift certificate through landing, buy, cart and checkout, sees it in the wallet and the balance drop live', async ({ page, request }) => {
  await signInThroughPage(page, member);
  const paxId = await storedPaxId(page);
  const { authToken } = await signInThroughApi(request, admin);
  const award = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount: 1000, description: 'E2E gift', idempotencyKey: randomUUID() },
  });
  expect(award.status()).toBe(201);

  await page.goto('/gift-certificates/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy Gift Certificates' })).toBeVisible();
  await expect(page.getByTestId('gift-category').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/gift-certificates/landing');
  await page.getByRole('button', { name: 'BUY ASPIRE GIFT CERTIFICATE' }).click();

  await expect(page).toHaveURL(/\/gift-certificates\/buy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compose a Gift Certificate' })).toBeVisible();
  await page.getByLabel('$50.00 for 500 points').check();
  // The card design: Tab reaches the chosen design (the category's own art, here the programme's DEFAULT), an arrow
  // key moves to the next one, with a visible focus ring and the large preview following.
  const designs = page.getByRole('group', { name: 'Card design' });
  await expect(designs.getByRole('radio', { name: 'Programme card' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(designs.getByRole('radio', { name: 'Programme card' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const goldenHour = designs.getByRole('radio', { name: 'Golden hour' });
  await expect(goldenHour).toBeFocused();
  await expect(goldenHour).toBeChecked();
  await expect(designs.getByRole('radio', { name: 'Programme card' })).not.toBeChecked();
  const goldenHourCard = page.getByTestId('card-art-option').filter({ has: page.getByRole('radio', { name: 'Golden hour' }) });
  expect(await goldenHourCard.evaluate((label) => getComputedStyle(label).outlineStyle)).not.toBe('none');
  await expect(page.getByTestId('card-preview')).toContainText('Design: Golden hour');
  await page.getByLabel('Send it as a gift').check();
  await page.getByLabel('Recipient name').fill('Robin Friend');
  await page.getByLabel('Recipient e-mail').fill('robin.e2e@example.com');
  await page.getByLabel('Your name').fill('Morgan');
  await page.getByLabel(/^Message/).fill('Enjoy your treatment!');
  await expectNoSeriousViolations(page, '/gift-certificates/buy');
  await page.getByRole('button', { name: 'ADD TO CART' }).click();

  await expect(page).toHaveURL(/\/gift-certificates\/cart$/);
  await expect(page.getByTestId('cart-lines')).toContainText('gift for Robin Friend');
  await expect(page.getByTestId('cart-lines').getByTestId('line-card-art')).toHaveText('Design: Golden hour');
  await expect(page.getByTestId('cart-total')).toHaveText('Total: 500 points');
  await expectNoSeriousViolations(page, '/gift-certificates/cart');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();

  await expect(page).toHaveURL(/\/gift-certificates\/checkout$/);
  const balance = page.getByTestId('checkout-balance');
  await expect(balance).toHaveText(/^\d[\d,]*$/);
  const before = await shownNumber(balance.textContent());
  await expect(page.getByTestId('line-card-art')).toHaveText('Design: Golden hour');
  await expectNoSeriousViolations(page, '/gift-certificates/checkout');
  await page.getByRole('button', { name: 'CONFIRM PURCHASE' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank You' })).toBeVisible();
  const placed = page.getByTestId('placed-certificates');
  await expect(placed).toContainText('sent as a gift');
  const code = (await placed.locator('strong').first().textContent())!;
  await expect(placed.getByTestId('line-card-art')).toHaveText('Design: Golden hour');
  // The live stream, not a reload, brings the new balance.
  await expect(page.getByTestId('checkout-balance')).toHaveText((before - 500).toLocaleString('en-US'));
  await expect(page.getByTestId('cart-count')).toHaveText('0 of 5 certificates in your cart');

  await page.getByRole('button', { name: 'GO TO WALLET' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('certificates')).toContainText(code);
  // The wallet shows the certificate in the design chosen at checkout, read back from the certificate item.
  await expect(page.getByTestId('certificate').filter({ hasText: code }).getByTestId('certificate-design')).toHaveText('Design: Golden hour');
  await expect(page.getByTestId('wallet-balance')).toHaveText((before - 500).toLocaleString('en-US'));
});

// Issue 27: the warning said unsaved changes would be lost, but the cart is saved and survives leaving and a reload,
// and it stopped Sign Out from ever signing out. Leaving asks nothing; Sign Out signs out (tests/e2e/portal-sign-out.spec.ts).
test('leaving the gift flow with a non-empty cart loses nothing and asks nothing', async ({ page }) => {
  await signInAs(page, member);
  await page.goto('/gift-certificates/landing');
  await page.getByRole('button', { name: 'BUY ASPIRE GIFT CERTIFICATE' }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page).toHaveURL(/\/gift-certificates\/cart$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1 of 5 certificates in your cart');
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/gift-certificates/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1 of 5 certificates in your cart');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1 of 5 certificates in your cart');
});
