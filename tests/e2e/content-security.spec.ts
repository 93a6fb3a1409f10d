import { expect, test } from './support/test';
import { member, signInAs } from './support/demo-users';

test("PrimeReact's own style elements carry the page's nonce, and nothing else inline is let in", async ({ page }) => {
  await signInAs(page, member);
  await page.goto('/wallet');
  await expect(page.getByRole('button', { name: 'REDEEM' })).toBeVisible();
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => ({ primeReact: style.hasAttribute('data-primereact-style-id'), nonce: style.nonce })),
  );
  expect(styles.filter((s) => s.primeReact).length).toBeGreaterThan(0);
  expect(styles.filter((s) => !s.nonce)).toEqual([]);
  // The browser hides the nonce from the attribute (CSS selectors cannot read it out); scripts read the property.
  expect(await page.locator('meta[property="csp-nonce"]').getAttribute('nonce')).toBe('');
});

test('an injected inline script is refused, and the fixture every spec uses reports it', async ({ page, cspViolations }) => {
  await page.goto('/landing');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  await expect.poll(() => [...cspViolations].join('\n')).toContain('script-src');
  // Caused on purpose: anywhere else the same report fails the test when it ends.
  cspViolations.clear();
});
