import { randomUUID } from 'node:crypto';
import { acceptTheTerms } from './support/enrollment-form';
import { expect, test, type APIRequestContext } from './support/test';
import { admin, impersonateInPage, member, pointsShown, signInThroughApi, signInAs, signInThroughPage, storedPaxId } from './support/demo-users';

const award = async (request: APIRequestContext, paxId: number, amount: number) => {
  const { authToken } = await signInThroughApi(request, admin);
  const r = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount, description: 'E2E bonus', idempotencyKey: randomUUID() },
  });
  expect(r.status()).toBe(201);
};

test.describe('the wallet', () => {
  test('redeems points: options above the balance are disabled, confirm, success; the certificate and balance arrive live', async ({ page, request }) => {
    await signInThroughPage(page, member);
    const paxId = await storedPaxId(page);
    const start = await pointsShown(page);
    await award(request, paxId, 350);
    const before = start + 350;
    await expect(page.getByTestId('points-balance')).toHaveText(before.toLocaleString('en-US'));
    await page.getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByTestId('wallet-balance')).toHaveText(before.toLocaleString('en-US'));
    // Only this test's kind of certificate is counted: other specs give the demo member gift certificates meanwhile.
    const rewards = page.getByTestId('certificate').filter({ hasText: '$10 Reward Certificate' });
    const rewardsBefore = await rewards.count();

    await page.getByRole('button', { name: 'REDEEM' }).click();
    const dialog = page.getByRole('dialog', { name: 'REDEEM POINTS' });
    await expect(dialog).toBeVisible();
    const redeem = dialog.getByRole('button', { name: 'REDEEM' });
    await expect(redeem).toBeDisabled();
    const over = [1000, 900, 800, 700, 600, 500, 400, 300, 200, 100].filter((n) => n > before);
    for (const n of over) await expect(dialog.getByRole('radio', { name: new RegExp(`^${n.toLocaleString('en-US')} points`) })).toBeDisabled();
    await dialog.getByRole('radio', { name: /^100 points/ }).check();
    await expect(redeem).toBeEnabled();
    await redeem.click();
    await expect(dialog).toContainText('Redeem 100 points for a $10.00 reward?');
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(dialog.getByRole('status')).toContainText('You redeemed 100 points.');
    await expect(page.getByTestId('wallet-balance')).toHaveText((before - 100).toLocaleString('en-US'));
    await expect(rewards).toHaveCount(rewardsBefore + 1);
    await dialog.getByRole('button', { name: 'DONE' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'REDEEM' }).click();
    await expect(page.getByRole('dialog', { name: 'REDEEM POINTS' }).getByRole('radio', { checked: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Rewards', exact: true }).click();
    await expect(page).toHaveURL(/\/wallet\/rewards$/);
    await expect(page.getByRole('heading', { name: 'Bonus points' })).toBeVisible();
  });

  test('the old certificate path goes to /wallet keeping its query', async ({ page }) => {
    await signInAs(page, member);
    await page.goto('/points-certificates/available-treatment-certs?utm_id=42&refCode=FRIEND');
    await expect(page).toHaveURL(/\/wallet\?utm_id=42&refCode=FRIEND$/);
    await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  });
});

test.describe('query parameters', () => {
  test('hide=header,footer hides both; utm_campaign terms are uppercased; tracked parameters follow internal links', async ({ page }) => {
    await page.goto('/faq?hide=header,footer');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto('/landing?utm_campaign=spring&utm_id=77&tvid=t1');
    await expect(page.getByTestId('campaign-terms')).toContainText('SPRING');
    await expect(page.getByTestId('campaign-terms')).toContainText('one offer per member');
    const joinNow = page.getByRole('banner').getByRole('link', { name: 'JOIN NOW' });
    // The href itself carries them, so opening the link in a new tab or copying it keeps them too.
    await expect(joinNow).toHaveAttribute('href', '/join-now?utm_id=77&tvid=t1&utm_campaign=spring');
    await joinNow.click();
    await expect(page).toHaveURL(/\/join-now\?utm_id=77&tvid=t1&utm_campaign=spring$/);
    await expect(page.getByRole('heading', { name: 'Join Now' })).toBeVisible();
    await expect(page.getByText('Membership is free and carries $20 in savings')).toBeVisible();
  });
});

test.describe('member screens', () => {
  test('home shows the account panel; profile lists contacts with the preferred one; refer a friend gives a personal link', async ({ page }) => {
    await signInThroughPage(page, member);
    const panel = page.getByTestId('account-panel');
    await expect(panel).toContainText('Morgan Member');
    await expect(panel).toContainText('(949) 555-0142');
    await expect(panel).toContainText('member@example.com');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /go to start page/ })).toHaveAttribute('href', '/home');

    await page.goto('/profile/personal-info');
    await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
    await expect(page.getByTestId('phones')).toContainText('Preferred');
    await expect(page.getByTestId('emails')).toContainText('member@example.com');

    await page.goto('/refer-a-friend');
    await expect(page.getByTestId('referral-link')).toHaveValue(/\/join-now\?refCode=MEMBERREF$/);

    await page.goto('/earn-points');
    await expect(page.getByTestId('brands')).toContainText('Brand A Aesthetics');
  });

  test('activity summary: Year or Date Range with its messages', async ({ page }) => {
    await signInAs(page, member);
    await page.goto('/points-certificates/activity-summary');
    await expect(page.getByRole('heading', { name: 'Activity Summary' })).toBeVisible();
    await page.getByRole('button', { name: "Why Didn't I Earn Points?" }).click();
    await expect(page.getByRole('tooltip')).toContainText('1,000 point maximum');
    await page.getByRole('radio', { name: 'Date Range' }).check();
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(page.getByText('Please enter a date')).toHaveCount(2);
    await page.getByLabel('Start date (MM/DD/YYYY)').fill('03/10/2026');
    await page.getByLabel('End date (MM/DD/YYYY)').fill('03/01/2026');
    await page.getByLabel('End date (MM/DD/YYYY)').blur();
    await expect(page.getByText('End date cannot be before the start date')).toBeVisible();
    await expect(page.getByText('Start date cannot be after the end date')).toBeVisible();
    await page.getByLabel('End date (MM/DD/YYYY)').fill('03/31/2026');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await expect(page.getByText('End date cannot be before the start date')).toHaveCount(0);
  });

  test('find a specialist searches seeded practices by ZIP with distance', async ({ page }) => {
    await page.goto('/find-specialist');
    await page.getByLabel('ZIP code').fill('9261');
    await page.getByLabel('ZIP code').blur();
    await expect(page.getByText('Enter 5 digits, or 5+4 as 12345-6789')).toBeVisible();
    await page.getByLabel('ZIP code').fill('92612');
    await page.getByLabel('Within').selectOption('10');
    await page.getByRole('button', { name: 'SEARCH' }).click();
    const items = page.getByTestId('specialists').getByRole('listitem');
    await expect(items.first()).toContainText('Harbor Aesthetics Demo Practice');
    const distances = (await page.getByTestId('distance').allTextContents()).map((d) => parseFloat(d));
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(10);
  });
});

test.describe('enrollment and passwords', () => {
  test('shows field errors after blur, then enrolls through a referral link and lands home', async ({ page }) => {
    // The friend follows the personal link: Join Now, then enrollment with the refCode carried along.
    await page.goto('/join-now?refCode=MEMBERREF');
    await expect(page.getByTestId('referral-note')).toBeVisible();
    await page.getByRole('link', { name: 'START ENROLLMENT' }).click();
    await expect(page).toHaveURL(/\/enrollment\?refCode=MEMBERREF$/);
    await page.getByLabel('First name').fill('R2');
    await page.getByLabel('First name').blur();
    await expect(page.getByText('Use letters only')).toBeVisible();
    await page.getByLabel('First name').fill('Riley');
    await expect(page.getByText('Use letters only')).toHaveCount(0);
    await page.getByLabel('Last name').fill('Referred');
    await page.getByLabel('E-mail address').fill(`riley.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('Rewards-e2e-1');
    await page.getByLabel('ZIP code').fill('92612-1234');
    await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('04/12/1990');
    await page.getByLabel('Mobile phone (optional)').fill('555-0142');
    await page.getByLabel('Mobile phone (optional)').blur();
    await expect(page.getByText('Enter 10 digits, as 949-555-0142')).toBeVisible();
    await page.getByLabel('Mobile phone (optional)').fill('');
    await acceptTheTerms(page);
    await page.getByRole('button', { name: 'JOIN NOW' }).click();
    await expect(page).toHaveURL(/\/home/);
    // A member who has just joined is welcomed as new (issue 14: they were greeted "Welcome back").
    await expect(page.getByRole('heading', { name: 'Welcome, Riley Referred' })).toBeVisible();
    await page.getByTestId('account-panel').getByRole('link', { name: 'Add a phone number' }).click();
    await expect(page).toHaveURL(/\/profile\/personal-info/);
  });

  test('forgot password always confirms; a reset link asks for the new password', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/forgot-password');
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await expect(page.getByRole('status')).toContainText('If that address belongs to a member');
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-22');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  });
});

test('an impersonating admin sees the banner, no Admin Tools, and LEAVE SESSION restores them', async ({ page, request }) => {
  const adminLogin = await signInThroughApi(request, admin);
  const memberLogin = await signInThroughApi(request, member);
  await impersonateInPage(page, request, adminLogin.authToken, memberLogin.pax.paxId);
  await page.goto('/home');
  await expect(page.getByText('YOU ARE LOGGED IN AS Morgan Member')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toHaveCount(0);
  await page.getByRole('button', { name: 'LEAVE SESSION' }).click();
  await expect(page.getByText('YOU ARE LOGGED IN AS')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Welcome back, Avery Admin/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toBeVisible();
});

test('a reported treatment shows in the activity summary as Points Pending with its explanation and detail, then Points Earned live once processed', async ({
  page,
  request,
}) => {
  const memberLogin = await signInThroughApi(request, member);
  const products = (await (await request.get('/api/rest/products', { headers: { 'auth-token': memberLogin.authToken } })).json()) as {
    id: number;
    category: string;
    name: string;
  }[];
  const product = products.find((p) => p.category === 'TREATMENT') ?? products[0];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const reported = await request.post('/api/rest/treatments', {
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId: `e2e-${randomUUID()}`,
      paxId: memberLogin.pax.paxId,
      dateOfService: yesterday,
      hcpName: 'Dr. Casey Example',
      lineItems: [{ productId: product.id, quantity: 2, injector: { firstName: 'Jamie', lastName: 'Injector' } }],
    },
  });
  expect(reported.status(), await reported.text()).toBe(202);

  await signInAs(page, member);
  await page.goto('/points-certificates/activity-summary');
  const row = page.getByTestId('activity-table').getByRole('row').filter({ hasText: 'TREATMENT PENDING' }).first();
  await expect(row).toContainText('Points Pending');
  await expect(page.getByText('Points are processed after 11:59 pm PST each day.')).toBeVisible();
  await row.getByRole('button', { name: /^Details of/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('activity-detail')).toContainText('Dr. Casey Example');
  await expect(dialog).toContainText(product.name);
  await expect(dialog).toContainText('Jamie Injector');
  await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(dialog).toBeHidden();

  const { authToken } = await signInThroughApi(request, admin);
  const job = await request.post('/api/rest/admin/jobs/process-treatments', { headers: { 'auth-token': authToken }, data: {} });
  expect(job.status(), await job.text()).toBe(200);
  // A regular expression matches case-sensitively: the treatment line's 'Points Earned', not a 'BONUS POINTS EARNED'
  // row that other tests' awards (dated today) put above it. Only this test reports treatments for the demo member.
  const earned = page
    .getByTestId('activity-table')
    .getByRole('row')
    .filter({ hasText: /Points Earned/ });
  await expect(earned).toHaveCount(1);
  await expect(earned).toContainText('TREATMENT');
  await expect(page.getByTestId('activity-table').getByRole('row').filter({ hasText: 'TREATMENT PENDING' })).toHaveCount(0);
});
