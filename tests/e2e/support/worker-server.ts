import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where global-setup.ts puts the compiled server. */
export const E2E_SERVER = '.tmp/e2e-server/index.js';

export interface WorkerServer {
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * The real server on a fresh data folder and embedded PostgreSQL of its own, for one Playwright worker: workers never
 * share a member, a counter or a mailbox, so specs run side by side without waiting on or disturbing each other.
 * `name` keeps the folders and the log of concurrent workers (and of a worker restarted after a failure) apart.
 */
export async function startWorkerServer(name: string): Promise<WorkerServer> {
  const port = await freePort();
  const dataDir = `.tmp/e2e-data-${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const log = createWriteStream(`.tmp/e2e-server-${name}.log`);
  const child = spawn(process.execPath, [E2E_SERVER], {
    // EMBEDDED_PG_PORT 0: the server's PostgreSQL takes any free port.
    // DEMO_HISTORY off: tests that use the demo member count its rows; the seeded history is checked in its own test.
    // LOG_LEVEL warn: a request line per call would bury a failure's own output.
    // EXTERNAL_ADMIN_TOOL_*: this host gets its own external admin tool prefix, as an environment would (content-admin.spec.ts).
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '0',
      DEMO_HISTORY: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      EXTERNAL_ADMIN_TOOL_HOSTS: '127.0.0.1=https://admin-tool.example.test/e2e',
      EXTERNAL_ADMIN_TOOL_URL: 'https://admin-tool.example.test/other',
      // Passwords hashed at scrypt's least cost: every test signs members up and in (see server/auth/passwords.ts).
      PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode} before it was ready; see .tmp/e2e-server-${name}.log`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 120_000) throw new Error(`the e2e server was not ready within 120 s; see .tmp/e2e-server-${name}.log`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
