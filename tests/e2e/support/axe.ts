import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let axe: string | undefined;
const axeSource = () => (axe ??= readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8'));

/** Runs axe-core in the page and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Evaluated by the test driver, not added as a <script> element: the page's policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    // Colours are judged as painted: a dialog still fading in has half its contrast. Let running transitions end first
    // (finite ones only: a spinner's infinite animation never does). A transition starts a frame or two after the class
    // that triggers it lands (PrimeReact's dialog adds its enter classes over two frames), so wait for frames first,
    // and again until a pair of frames passes with nothing left running.
    const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));
    for (let round = 0; round < 20; round++) {
      await nextFrame();
      await nextFrame();
      const settling = document.getAnimations().filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (settling.length === 0) break;
      await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}
