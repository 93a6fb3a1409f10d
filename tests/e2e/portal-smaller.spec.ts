import { expect, test } from './support/test';
import { enrollFreshMember, openSession } from './support/demo-users';

/** Issue 27, the smaller traps: Find a Specialist, page titles. */
test('Find a Specialist answers ZIP 10001, says "none within N miles" honestly and an empty ZIP once', async ({ page }) => {
  await page.goto('/find-specialist');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.getByText('Enter 5 digits, or 5+4 as 12345-6789')).toHaveCount(1);
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('ZIP code').fill('10001');
  await page.getByLabel('Within').selectOption('10');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.getByTestId('specialists').getByRole('listitem').first()).toContainText('Chelsea Skin Demo Studio');

  await page.getByLabel('ZIP code').fill('63101');
  await page.getByLabel('Within').selectOption('100');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.getByRole('status')).toHaveText('No participating specialists within 100 miles of 63101. Try a wider distance.');
});

test('every page has its own title', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const path of [
    '/landing',
    '/login',
    '/join-now',
    '/enrollment',
    '/forgot-password',
    '/faq',
    '/contact',
    '/terms',
    '/find-specialist',
    '/cookie-policy',
  ]) {
    await page.goto(path);
    await expect(page).not.toHaveTitle('Rewards');
    const title = await page.title();
    expect(title).toMatch(/ · Rewards$/);
    expect([...seen.values()], `${path} shares its title "${title}"`).not.toContain(title);
    seen.set(path, title);
  }
  await page.goto('/find-specialist');
  await expect(page).toHaveTitle('Find a Specialist · Rewards');
});

test('a new member’s home names the $20 welcome certificate and what to do next, and promises a survey while one is open', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Nia', lastName: 'New' });
  await openSession(page, fresh);
  await page.goto('/home');
  await expect(page.getByTestId('points-balance')).toHaveText('0');
  const start = page.getByTestId('getting-started');
  await expect(start).toContainText('Your $20.00 Welcome Certificate is in your wallet');
  await expect(start.getByRole('link', { name: 'Find a specialist' })).toBeVisible();
  await expect(page.getByTestId('content-banner')).toContainText('survey');
});

test('footer links stand in columns on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/faq');
  const lefts = await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link')
    .evaluateAll((links) => [...new Set(links.map((l) => Math.round(l.getBoundingClientRect().left)))]);
  expect(lefts.length).toBeGreaterThanOrEqual(3);
});

test('refer a friend opens for a signed-out visitor, saying what a referral gives and how to get a link', async ({ page }) => {
  await page.goto('/refer-a-friend');
  await expect(page).toHaveURL(/\/refer-a-friend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a Friend' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Join now' })).toBeVisible();
});
