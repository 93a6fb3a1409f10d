import type { Page } from '@playwright/test';

type TopsWindow = Window & { visibleTops?: number[] };

/**
 * From the page's first painted frame, the top on the page of the first element `selector` finds, each frame it is
 * there and seen (its <main> not hidden). Call before the page loads; read with `seenTops` once what could move it has
 * drawn. A page whose parts arrive at different times shows one element at two heights; a click aimed at the first
 * lands on something else.
 */
export async function recordSeenTops(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched: string) => {
    const w = window as TopsWindow;
    w.visibleTops = [];
    const record = () => {
      const element = document.querySelector(watched);
      const main = document.querySelector('main');
      if (element && main && getComputedStyle(main).visibility === 'visible') w.visibleTops!.push(element.getBoundingClientRect().top + window.scrollY);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  }, selector);
}

/** The distinct tops (whole pixels) seen so far, after one more painted frame. */
export async function seenTops(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
  const tops = await page.evaluate(() => (window as TopsWindow).visibleTops ?? []);
  return [...new Set(tops.map((top) => Math.round(top)))];
}
