import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * The HTTP port of the server under test: E2E_PORT when given, otherwise one nobody listens on. A fixed port failed a
 * CI run once because something else held it. The chosen port is put in the environment so the worker processes,
 * which load this file again, see the same one.
 */
function serverPort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  if (!process.env.E2E_CHOSEN_PORT) {
    const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
    process.env.E2E_CHOSEN_PORT = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  }
  return Number(process.env.E2E_CHOSEN_PORT);
}

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
const port = serverPort();
// One data directory per explicitly chosen port, so two suites can run side by side on one machine (give each its own
// E2E_PORT: two runs without one would share .tmp/e2e-data).
const dataDir = process.env.E2E_PORT ? `.tmp/e2e-data-${port}` : '.tmp/e2e-data';
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
    // EMBEDDED_PG_PORT 0: the server's PostgreSQL takes any free port.
    // DEMO_HISTORY off: tests that use the demo member count its rows; the seeded history is checked in its own test.
    // LOG_LEVEL warn: a request line per call would bury a failure's own output.
    // EXTERNAL_ADMIN_TOOL_*: this host gets its own external admin tool prefix, as an environment would (tests/e2e/content-admin.spec.ts).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '0',
      DEMO_HISTORY: 'off',
      LOG_LEVEL: 'warn',
      EXTERNAL_ADMIN_TOOL_HOSTS: '127.0.0.1=https://admin-tool.example.test/e2e',
      EXTERNAL_ADMIN_TOOL_URL: 'https://admin-tool.example.test/other',
    },
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
