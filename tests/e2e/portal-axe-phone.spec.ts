import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { headingShown } from './support/heading-shown';
import { member, signInThroughPage } from './support/demo-users';
import { linkPages, memberRoutes, publicRoutes } from './support/routes';

// The desktop walk's routes, plus the pages of the links in messages and the member pages it does not open.
const phonePublicRoutes = [...publicRoutes, ...linkPages];
const phoneMemberRoutes: [string, string][] = [
  ...memberRoutes,
  ['/surveys', 'Surveys'],
  ['/gift-certificates/landing', 'Buy Gift Certificates'],
  ['/gift-certificates/claim?code=AAAA-BBBB-CC', 'Claim your gift certificate'],
];

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, public routes (the new link pages included) have no serious or critical axe violations', async ({ page }) => {
  // Fifteen pages loaded and scanned: more than the default minute on a loaded two-core machine.
  test.setTimeout(120_000);
  for (const [path, heading] of phonePublicRoutes) {
    await page.goto(path);
    await headingShown(page, heading);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page, `${path} at 390x844`);
  }
});

test('on a phone, member routes have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughPage(page, member);
  for (const [path, heading] of phoneMemberRoutes) {
    await page.goto(path);
    await headingShown(page, new RegExp(`^${heading}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
    await expectNoSeriousViolations(page, `${path} at 390x844`);
  }
});
