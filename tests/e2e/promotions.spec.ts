import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, member, signInThroughApi, signInThroughPage } from './support/demo-users';

test('the demo member sees the seeded promotion on /earn-points and reads its rules and FAQ with the keyboard', async ({ page }) => {
  await signInThroughPage(page, member);
  await page.getByRole('navigation').getByRole('link', { name: 'Earn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earn Points' })).toBeVisible();

  const tile = page.getByTestId('promotion-tile').filter({ hasText: 'Season of Glow' });
  await expect(tile).toContainText('a $25 offer certificate toward your next visit for each qualifying treatment');
  await expect(tile).toContainText('Reward: Season of Glow Offer Certificate');
  await expectNoSeriousViolations(page, 'earn points with promotion tiles');

  await tile.getByRole('button', { name: 'View details of Season of Glow' }).click();
  const dialog = page.getByRole('dialog', { name: /Season of Glow/ });
  await expect(dialog.getByRole('heading', { name: 'Season of Glow' })).toBeVisible();
  await expect(dialog).toContainText('There is nothing to sign up for');

  await dialog.getByRole('tab', { name: 'Rules' }).click();
  await expect(dialog.getByRole('heading', { name: 'Promotion rules' })).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toContainText('US residents aged 18 or over');
  await expectNoSeriousViolations(page, 'promotion rules');

  // From the selected tab, the arrow key moves to the next one and Enter opens it.
  await dialog.getByRole('tab', { name: 'Rules' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'FAQ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Questions and answers' })).toBeVisible();
  await expect(dialog.getByText('Do I still earn my usual points?')).toBeVisible();
  await expectNoSeriousViolations(page, 'promotion FAQ');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tile.getByRole('button', { name: 'View details of Season of Glow' })).toBeFocused();
});

test('a promotion an admin starts or ends appears or leaves on an open /earn-points page without a reload', async ({ page, request }) => {
  const { authToken } = await signInThroughApi(request, admin);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await signInThroughPage(page, member);
  await page.getByRole('navigation').getByRole('link', { name: 'Earn' }).click();
  await expect(page.getByTestId('promotion-tile').filter({ hasText: 'Season of Glow' })).toBeVisible();

  const name = `Live Lift ${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/rest/admin/promotions', {
    headers: { 'auth-token': authToken },
    data: { name, description: 'Started while you were looking.', promotionCode: `LIVE-${Date.now()}`, fromDate: day(-2), thruDate: day(30), finalize: true },
  });
  expect(created.status()).toBe(201);
  const tile = page.getByTestId('promotion-tile').filter({ hasText: name });
  await expect(tile).toContainText('Started while you were looking.');

  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/api/rest/promotions/${id}/end`, { headers: { 'auth-token': authToken }, data: {} })).status()).toBe(200);
  await expect(tile).toHaveCount(0);
  await expect(page.getByTestId('promotion-tile').filter({ hasText: 'Season of Glow' })).toBeVisible();
});
