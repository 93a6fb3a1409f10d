import { expectNoSeriousViolations } from './support/axe';
import { admin, member, signInAs } from './support/demo-users';
import { recordSeenTops, seenTops } from './support/positions';
import { expect, test, type Page } from './support/test';

/** What the member portal puts around every page: the safety section, its sticky bar, the footer and the account menu. */
const memberChrome = (page: Page) => ({
  safety: page.locator('#important-safety-information'),
  stickyBar: page.getByTestId('isi-bar'),
  footer: page.getByRole('navigation', { name: 'Footer' }),
  memberNav: page.getByRole('navigation', { name: 'Member' }),
});

test('an administrator’s tools have their own frame: the tools in one navigation, no member chrome, nothing over a form', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/survey-builder/configure');
  const tools = page.getByRole('navigation', { name: 'Admin tools' });
  await expect(tools).toBeVisible();
  const chrome = memberChrome(page);
  for (const part of Object.values(chrome)) await expect(part).toHaveCount(0);

  // The form's last control, scrolled to the bottom of the page, is what the browser finds at its own centre. The
  // scroll is repeated until the control is in view: the form may still grow after the first (it failed one fresh run
  // with the Save button below the fold, "viewport ratio 0").
  const last = page.getByRole('main').getByRole('button').last();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(last).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const box = (await last.boundingBox())!;
  const covered = await page.evaluate(
    ({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return hit ? !hit.closest('main') : true;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(covered).toBe(false);
  await expectNoSeriousViolations(page, 'admin frame');

  // From one tool to another, and back to the portal, where the member chrome returns.
  await tools.getByRole('link', { name: 'Promo Builder' }).click();
  await expect(page).toHaveURL(/\/admin-tools\/promo-builder$/);
  await expect(tools.getByRole('link', { name: 'Promo Builder' })).toHaveClass(/top-bar__link--active/);
  await page.getByRole('link', { name: 'Member portal' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(chrome.footer).toBeVisible();
  await expect(chrome.memberNav).toBeVisible();
  await expect(tools).toHaveCount(0);
});

test('Sign Out in the admin frame signs out', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/(landing|login)?$/);
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toHaveCount(0);
});

test('a member who opens an admin address keeps the portal’s frame', async ({ page }) => {
  await signInAs(page, member);
  await page.goto('/admin-tools/promo-builder');
  await expect(memberChrome(page).memberNav).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toHaveCount(0);
});

test('the Admin Tools page’s links stay where they first appear: the frame comes with them, not after', async ({ page }) => {
  // The frame arrived after the links once (a chunk of its own) and pushed them 74 px down: a click aimed as they
  // appeared opened another tool (a CI run's content-admin spec).
  await recordSeenTops(page, 'main a[href="/admin-tools/content"]');
  await signInAs(page, admin);
  await page.goto('/admin-tools');
  await expect(page.getByRole('main').getByRole('link', { name: 'Content', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toBeVisible();
  expect(await seenTops(page)).toHaveLength(1);
});
