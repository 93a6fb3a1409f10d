import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// Small twins of server/db/embedded-cluster.mjs's helpers (jest's CommonJS runtime cannot load that ES module).
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const postmasterPid = (databaseDir: string) => {
  const file = join(databaseDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

/**
 * Spawns `command args` as the server with its own DATA_DIR and a free PORT (env added to the defaults below) and
 * resolves once it says it is running; rejects with its output if it exits first.
 */
export async function spawnServer(command: string, args: string[], dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: '0', DEMO_HISTORY: 'off', LOG_FORMAT: 'json', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const output = () => out;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Rewards programme running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${out}`));
    });
  });
  return { child, output, port };
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

export async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 100))) if (check()) return true;
  return check();
}
