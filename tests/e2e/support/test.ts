import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { startWorkerServer, type WorkerServer } from './worker-server';

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/** The name of the binding the pages report a `securitypolicyviolation` event through. */
const REPORT = '__reportCspViolation';

/**
 * Reports every Content-Security-Policy violation of the context's pages into `violations`: the DOM's
 * `securitypolicyviolation` event (the directive and what it blocked), and Chromium's console error for it, which also
 * covers what happens before the page's scripts run.
 */
async function watchContext(context: BrowserContext, violations: Set<string>): Promise<void> {
  await context.exposeBinding(REPORT, ({ page }, text: string) => violations.add(`${page.url()}: ${text}`));
  await context.addInitScript((name: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[name];
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  }, REPORT);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.add(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
}

/**
 * Every spec imports `test` from here (a lint rule keeps it so):
 * - a server per worker (worker-server.ts): every spec's relative URLs, `request` calls and contexts go to its
 *   worker's own server, data folder and database, so specs run side by side without sharing a member;
 * - the page runs under the server's real policy, and a violation fails the test that caused it, in the test's own
 *   context and in any context it opens with `browser.newContext()`.
 */
export const test = base.extend<{ cspViolations: Set<string> }, { workerServer: WorkerServer }>({
  workerServer: [
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(`${process.pid}-${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
  /** The violations seen so far; a test that causes one on purpose checks it here and clears it. */
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations = new Set<string>();
      await watchContext(context, violations);
      const plainNewContext = browser.newContext.bind(browser);
      const watched: Browser['newContext'] = async (options) => {
        const opened = await plainNewContext(options);
        await watchContext(opened, violations);
        return opened;
      };
      Object.assign(browser, { newContext: watched });
      try {
        await use(violations);
      } finally {
        Reflect.deleteProperty(browser, 'newContext');
      }
      expect([...violations], 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
