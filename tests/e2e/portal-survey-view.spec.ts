import { expect, test, type Locator, type Page } from './support/test';
import { enrollFreshMember, openSession } from './support/demo-users';

/**
 * Issue 27: the scroll carried across survey pages, so "Thank you… You have received 50 POINTS" was above the
 * viewport; page 1's NEXT sat under the sticky safety bar at 1280x800.
 */
/** At every scroll position where the button's centre is on screen, nothing (the safety bar) lies over it. */
const uncovered = (button: Locator) =>
  button.evaluate((el) => {
    const start = window.scrollY;
    const covered: number[] = [];
    for (let y = 0; y <= document.documentElement.scrollHeight; y += 40) {
      window.scrollTo(0, y);
      const r = el.getBoundingClientRect();
      const cy = r.top + r.height / 2;
      if (cy < 0 || cy > window.innerHeight) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, cy);
      if (hit === null || !el.contains(hit)) covered.push(window.scrollY);
    }
    window.scrollTo(0, start);
    return covered.length === 0;
  });
const toBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height} each survey page starts at its top, no action sits under the safety bar, and the thank-you is in view`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const fresh = await enrollFreshMember(request, { firstName: 'Sia', lastName: 'Survey' });
    await openSession(page, fresh);
    await page.goto('/surveys');
    await page.getByRole('link', { name: 'Your Treatment Experience' }).click();
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(page.getByTestId('isi-bar')).toBeVisible();
    await page.getByText('From my provider').click();
    await page.getByText('True', { exact: true }).click();
    const next = page.getByRole('button', { name: 'NEXT' });
    expect(await uncovered(next), 'page 1 NEXT is never under the safety bar').toBe(true);

    await toBottom(page);
    await next.click();
    await expect(page.getByText('Page 2 of 3')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByText('5 - Very satisfied').click();
    await page.getByText('Gift certificates').click();
    await toBottom(page);
    expect(await uncovered(next)).toBe(true);
    await next.click();
    await expect(page.getByText('Page 3 of 3')).toBeInViewport();

    await page.getByPlaceholder('Enter your answer here').fill('Fine.');
    await toBottom(page);
    const submit = page.getByRole('button', { name: 'SUBMIT' });
    expect(await uncovered(submit)).toBe(true);
    await submit.click();
    await expect(page.getByText('Thank you for completing the survey!')).toBeInViewport();
    await expect(page.getByText('You have received 50 POINTS.')).toBeInViewport();

    // The banner promising a survey is gone once none is open to the member (it led to "no surveys for you").
    await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByTestId('points-balance')).toHaveText('50');
    await expect(page.getByTestId('content-banner')).toHaveCount(0);
  });
}
