import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { recordSeenTops, seenTops } from './support/positions';
import { admin, enrollFreshMember, member, openSession, pointsShown, signInThroughApi, signInAs, signInThroughPage, storedPaxId } from './support/demo-users';

type ShiftWindow = Window & { layoutShift?: number };

/** Awards 25 points to the member signed in on `page` while it shows /home, and answers the layout shift that followed. */
async function shiftAfterLivePoints(page: Page, request: APIRequestContext): Promise<number> {
  const before = await pointsShown(page);
  await page.evaluate(() => {
    const w = window as ShiftWindow;
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.layoutShift = (w.layoutShift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: false });
  });
  const { authToken } = await signInThroughApi(request, admin);
  await request.post(`/api/rest/admin/participants/${await storedPaxId(page)}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount: 25, description: 'E2E shift', idempotencyKey: randomUUID() },
  });
  await expect(page.getByTestId('points-balance')).toHaveText((before + 25).toLocaleString('en-US'));
  // An observation window: layout shifts are counted while the page settles after the live update.
  await page.waitForTimeout(300);
  return (await page.evaluate(() => (window as ShiftWindow).layoutShift)) ?? 0;
}

test('a live balance update shifts nothing on /home', async ({ page, request }) => {
  await signInThroughPage(page, member);
  await expect(page.getByTestId('account-panel')).toContainText('member@example.com');
  await expect(page.getByTestId('content-banner')).toBeVisible();
  expect(await shiftAfterLivePoints(page, request)).toBeLessThan(0.01);
});

test('a new member’s first points, arriving live, shift nothing on /home: Get started stays for the visit', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Fay', lastName: 'First' });
  await openSession(page, fresh);
  await page.goto('/home');
  await expect(page.getByTestId('getting-started')).toBeVisible();
  await expect(page.getByTestId('content-banner')).toBeVisible();
  expect(await shiftAfterLivePoints(page, request)).toBeLessThan(0.01);
  await expect(page.getByTestId('getting-started')).toBeVisible();
});

test('a member page’s heading stays where it first appears: the member frame is loaded before the page is shown', async ({ page }) => {
  // /redeem-points drew its heading under the 57 px bar of a session being checked, then 6 px lower once the member
  // frame's chunk arrived (a whole row lower on a phone, where the frame's links wrap).
  await recordSeenTops(page, 'main h1');
  await signInAs(page, member);
  await page.goto('/redeem-points');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Member' })).toBeVisible();
  expect(await seenTops(page)).toHaveLength(1);
});

test('the text font arriving after the first paint moves no heading: line heights do not depend on it', async ({ page }) => {
  // Inter is "swap": the page paints in the fallback font first. With line heights left to the font, its taller lines
  // moved every heading 2 px down when it came (a CI run saw 114 px, then 116). Here it comes 1.5 s late, every time.
  await page.route(/\/assets\/InterVariable[^/]*\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await recordSeenTops(page, 'main h1');
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await seenTops(page), '/landing').toHaveLength(1);
  await signInAs(page, member);
  await page.goto('/redeem-points');
  await expect(page.getByRole('navigation', { name: 'Member' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await seenTops(page), 'a member page').toHaveLength(1);
});

test('a member frame that cannot load does not hold the page back: it shows under the logo alone', async ({ page }) => {
  await page.route(/\/assets\/member-chrome-[^/]*\.js$/, (route) => route.abort());
  await signInAs(page, member);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Member' })).toHaveCount(0);
});

test('pages fit a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/landing', '/login', '/find-specialist', '/faq']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await signInThroughPage(page, member);
  for (const path of ['/home', '/wallet', '/points-certificates/activity-summary']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the notification dialog has a default title and an Ok button', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, member);
  await page.goto('/refer-a-friend');
  await expect(page.getByTestId('referral-link')).toHaveValue(/refCode=/);
  await page.getByRole('button', { name: 'COPY LINK' }).click();
  const dialog = page.getByRole('dialog', { name: /^(SUCCESS|ERROR)$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('an offer-claim login event shows its dialog once, with the spec text', async ({ page, request }) => {
  const login = await signInThroughApi(request, member);
  await page.goto('/landing');
  await page.evaluate((s) => {
    localStorage.setItem('user', JSON.stringify({ authToken: s.authToken, pax: s.pax, events: [{ code: 'MKT_LOGIN_CERT_ENDED_SPRING' }] }));
    localStorage.setItem('token', s.authToken);
    // The survey invitation (the seeded survey is open to this member) waits for the offer dialog and shows once the
    // member's survey list is back, then counts as seen. Under load that list came back after the reload, so the
    // invitation showed after it and failed the last check; a slowed list fails it every time. Marked seen for this
    // tab, so the check below is about the offer dialog alone.
    sessionStorage.setItem('surveyModalViewed', 'yes');
  }, login);
  await page.goto('/home');
  const dialog = page.getByRole('dialog', { name: 'OFFER ENDED' });
  await expect(dialog).toContainText('This offer is no longer valid. Keep checking back for exciting new offers.');
  await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('public top bar: section links scroll the landing page, SIGN IN and JOIN NOW', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('banner').getByRole('link', { name: 'Our brands' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.locator('#our-brands')).toBeInViewport({ timeout: 6000 });
  await page.getByRole('banner').getByRole('link', { name: 'SIGN IN' }).click();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
});

test('leaving a half-filled enrollment form asks first', async ({ page }) => {
  await page.goto('/enrollment');
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'LEAVE THIS PAGE?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'STAY' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/enrollment$/);
  await expect(page.getByLabel('First name')).toHaveValue('Sam');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'LEAVE THIS PAGE?' }).getByRole('button', { name: 'LEAVE' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
