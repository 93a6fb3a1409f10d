import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumExecutable, headedRun } from './tests/e2e/support/chromium-binary';

/**
 * Local addresses never go through a proxy named in the environment: Playwright sends its readiness check of the
 * server (and its API requests) through HTTP_PROXY unless NO_PROXY exempts the host, and a proxy cannot reach this
 * machine's 127.0.0.1 (the check would wait out its two minutes on a server that is up).
 */
function exemptLocalAddressesFromProxies(): void {
  const local = ['127.0.0.1', 'localhost'];
  for (const name of ['NO_PROXY', 'no_proxy']) {
    const listed = (process.env[name] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    process.env[name] = [...listed, ...local.filter((h) => !listed.includes(h))].join(',');
  }
}

exemptLocalAddressesFromProxies();

/**
 * A headed run is decided here in the runner, from its flags, and handed to the workers in the environment they
 * inherit: each worker loads this file again without the runner's flags.
 */
const headed = headedRun(process.argv, process.env);
if (headed) process.env.E2E_HEADED = '1';

/**
 * Workers side by side, each with its own server, data folder and PostgreSQL (tests/e2e/support/test.ts), so no spec
 * waits for or disturbs another's members. Two by default, or one per two cores on a larger machine (a worker is a
 * browser, a server and a database); E2E_WORKERS overrides.
 */
const workers = process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : Math.max(2, Math.floor(availableParallelism() / 2));

export default defineConfig({
  testDir: 'tests/e2e',
  workers,
  fullyParallel: false,
  globalSetup: './tests/e2e/support/global-setup.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // A failed test keeps its trace: each action with the page's DOM before and after, and the sources. The trace's
    // screencast is left out: Chromium encoding frames of every test was a fifth of the run. Quiet, two workers,
    // `npx playwright test`: 297.6 s with it, 236.1 s without, 224.1 s with no trace at all. A failure still gets its
    // screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // Headless unless asked (Playwright adds `--headless` itself then): Debian's headless shell where installed, which
    // starts no browser UI; the full Chromium for a headed run (tests/e2e/support/chromium-binary.ts).
    headless: !headed,
    launchOptions: {
      executablePath: chromiumExecutable(headed),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
