import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { enrollFreshMember, openSession } from './support/demo-users';
import { dateIn, DEFAULT_PROGRAMME_TIME_ZONE } from '../../event-schemas/calendar';

/** Issue 54, item 16, the rest: two small things a member notices. */
test('with no banner to show, nothing stands above "Welcome" on /home', async ({ page, request }) => {
  // No banner in content: the place kept for one while content was read goes once the answer is in.
  await page.route(
    (url) => url.pathname.endsWith('/entries') && url.searchParams.get('content_type') === 'banner',
    (route) => route.fulfill({ json: { sys: { type: 'Array' }, total: 0, skip: 0, limit: 1, items: [], includes: { Entry: [], Asset: [] } } }),
  );
  const fresh = await enrollFreshMember(request, { firstName: 'Bo', lastName: 'Band' });
  await openSession(page, fresh);
  await page.goto('/home');
  const heading = page.getByRole('heading', { level: 1, name: /^Welcome/ });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('banner-place')).toHaveCount(0);
  await expect(page.getByTestId('content-banner')).toHaveCount(0);
  const section = await page.locator('.home-page').boundingBox();
  const title = await heading.boundingBox();
  expect(title!.y - section!.y).toBeLessThan(30);
  await expectNoSeriousViolations(page, '/home without a banner');
});

test('the activity’s Year filter offers no year before the member joined', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Yu', lastName: 'Years' });
  await openSession(page, fresh);
  await page.goto('/points-certificates/activity-summary');
  const thisYear = dateIn(DEFAULT_PROGRAMME_TIME_ZONE, new Date()).slice(0, 4);
  // Joined today: this year only (it offered the four before it too).
  await expect(page.getByLabel('Year', { exact: true }).locator('option')).toHaveText([thisYear]);
});
