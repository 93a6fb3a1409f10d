import { test as base } from '@playwright/test';
import { startWorkerServer, type WorkerServer } from './worker-server';

/**
 * Playwright's test with a server per worker (worker-server.ts): every spec's relative URLs, `request` calls and
 * contexts go to its worker's own server. Specs import `test` and `expect` from here, never from '@playwright/test'.
 */
export const test = base.extend<object, { workerServer: WorkerServer }>({
  workerServer: [
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(`${process.pid}-${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});

export { expect, type APIRequestContext, type Page, type BrowserContext, type Locator } from '@playwright/test';
