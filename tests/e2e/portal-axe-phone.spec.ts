import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { member, signInThroughPage } from './support/demo-users';

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
  ['/treatments/00000000-0000-4000-8000-000000000000/confirm?token=not-a-token', 'Confirm your financed treatment'],
  ['/profile/confirm-email?token=not-a-token', 'Confirm your e-mail address'],
  ['/gift-certificates/claim?code=AAAA-BBBB-CC', 'Claim your gift certificate'],
];

const memberRoutes: [string, string][] = [
  ['/home', 'Welcome'],
  ['/wallet', 'Wallet'],
  ['/wallet/rewards', 'My Rewards'],
  ['/earn-points', 'Earn Points'],
  ['/profile/personal-info', 'Personal Info'],
  ['/points-certificates/activity-summary', 'Activity Summary'],
  ['/refer-a-friend', 'Refer a Friend'],
  ['/surveys', 'Surveys'],
  ['/gift-certificates/landing', 'Buy Gift Certificates'],
  ['/gift-certificates/claim?code=AAAA-BBBB-CC', 'Claim your gift certificate'],
];

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, public routes (the new link pages included) have no serious or critical axe violations', async ({ page }) => {
  // Fifteen pages loaded and scanned: more than the default minute on a loaded two-core machine.
  test.setTimeout(120_000);
  for (const [path, heading] of publicRoutes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page, `${path} at 390x844`);
  }
});

test('on a phone, member routes have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughPage(page, member);
  for (const [path, heading] of memberRoutes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
    await expectNoSeriousViolations(page, `${path} at 390x844`);
  }
});
