import { defineConfig } from '@playwright/test';

// E2E_PORT lets two suites run side by side on one machine (each with its own data directory and database port).
const port = Number(process.env.E2E_PORT ?? 3310);
const dataDir = port === 3310 ? '.tmp/e2e-data' : `.tmp/e2e-data-${port}`;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
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
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server/index.ts`,
    env: { PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(47990 - 3310 + port) },
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
