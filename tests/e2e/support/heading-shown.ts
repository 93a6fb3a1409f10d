import type { Page } from '@playwright/test';

/**
 * Waits until a visible first-level heading's text contains `name` (case aside; a RegExp: matches it), checking at every
 * animation frame, for the route sweeps that load page after page. Playwright's own assertions check at once, then after
 * 20, 50, 100 and 100 ms, then every 500 ms (playwright-core's retryWithProgressAndBackoff): a page drawn in 300 ms was
 * seen at about 770 ms, and half the pages of the admin sweep waited about 950 ms for a heading drawn well before.
 * Only a wait, never the check: the caller still asserts the heading by its role and accessible name, which then passes
 * at its first look. A heading this wait cannot see (a name from aria-label, say) only ends the wait at its timeout.
 */
export async function headingShown(page: Page, name: string | RegExp, timeout = 5_000): Promise<void> {
  const pattern = typeof name === 'string' ? { text: name.toLowerCase() } : { source: name.source, flags: name.flags };
  await page
    .waitForFunction(
      (p: { text?: string; source?: string; flags?: string }) =>
        [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].some((h) => {
          const text = (h.textContent ?? '').replace(/\s+/g, ' ').trim();
          const named = p.text !== undefined ? text.toLowerCase().includes(p.text) : new RegExp(p.source!, p.flags).test(text);
          return named && (h as HTMLElement).checkVisibility();
        }),
      pattern,
      { polling: 'raf', timeout },
    )
    .catch(() => undefined);
}
