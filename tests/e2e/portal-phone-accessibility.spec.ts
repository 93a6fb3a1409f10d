import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi, signInThroughPage } from './support/demo-users';

/**
 * Issue 14: axe stays clean on every route at phone size too (390x844). accessibility.spec.ts scans the desktop
 * layout; the phone layout has its own rules (one-line safety bar, compact survey invitation, stacked activity rows).
 */
test.use({ viewport: { width: 390, height: 844 } });

const publicRoutes: [string, string][] = [
  ['/landing', 'Rewards for the treatments you already love'],
  ['/login', 'Sign in'],
  ['/join-now', 'Join Now'],
  ['/enrollment', 'Enroll'],
  ['/forgot-password', 'Forgot password'],
  ['/find-specialist', 'Find a Specialist'],
  ['/faq', 'Frequently Asked Questions'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms & Conditions'],
  ['/prescribing-information', 'Prescribing Information'],
  ['/cookie-policy', 'Cookie Policy'],
];

const memberRoutes: [string, string][] = [
  ['/home', 'Welcome'],
  ['/wallet', 'Wallet'],
  ['/wallet/rewards', 'My Rewards'],
  ['/earn-points', 'Earn Points'],
  ['/profile/personal-info', 'Personal Info'],
  ['/points-certificates/activity-summary', 'Activity Summary'],
  ['/refer-a-friend', 'Refer a Friend'],
  ['/gift-certificates/landing', 'Buy Gift Certificates'],
  ['/surveys', 'Surveys'],
];

async function scan(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
  await expectNoSeriousViolations(page, `${path} at 390x844`);
}

test('public routes at phone size have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [path, heading] of publicRoutes) await scan(page, path, heading);
});

test('member routes at phone size, with points and an activity to show, have no serious or critical axe violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `phone-axe-${randomUUID()}@example.com`;
  const password = 'Sturdy-pass-42';
  const enrolled = await request.post('/api/rest/enrollment', { data: { firstName: 'Pia', lastName: 'Phone', email, password, postalCode: '92612', dateOfBirth: '1990-01-01' } });
  expect(enrolled.status()).toBe(201);
  const { pax } = (await enrolled.json()) as { pax: { paxId: number } };
  const { authToken } = await signInThroughApi(request, admin);
  const given = await request.post(`/api/rest/admin/participants/${pax.paxId}/points`, { headers: { 'auth-token': authToken }, data: { amount: 300, description: 'Phone axe', idempotencyKey: randomUUID() } });
  expect(given.status()).toBe(201);
  await signInThroughPage(page, { email, password });
  for (const [path, heading] of memberRoutes) await scan(page, path, heading);
});
