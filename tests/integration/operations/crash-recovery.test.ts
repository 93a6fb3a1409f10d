import { watchNothingHappensFor } from '../../support/quiet';
import { execFileSync } from 'node:child_process';
import { Agent, get } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { exited, isAlive, postmasterPid, spawnServer, until } from '../../support/server-process';

/*
 * The real server process (compiled as `npm start` compiles it, run by node) on its embedded PostgreSQL, killed the way an
 * out-of-memory killer does (SIGKILL) and stopped the way an orchestrator does (SIGTERM). Nothing here is simulated:
 * the questions are whether the next start needs hand work, and whether a stop is prompt and quiet.
 */
jest.setTimeout(120_000);

/** The server as `npm start` runs it: compiled to JavaScript (server/cli/build-server.mjs), run by node. */
let compiled: string;
beforeAll(() => {
  compiled = join(process.cwd(), '.tmp', `compiled-${process.pid}`, 'index.js');
  execFileSync(process.execPath, ['server/cli/build-server.mjs', compiled], { stdio: 'pipe' });
});

const startServer = (dataDir: string) => spawnServer(process.execPath, [compiled], dataDir);

/** The watchdog the server started for its PostgreSQL: a `node -e` process naming both pids. */
const watchdogOf = (serverPid: number, postmaster: number): number[] =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(' -e ') && line.trim().endsWith(`${serverPid} ${postmaster}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

let dataDir: string;
let made = 0;
beforeEach(() => {
  // Under the repository's .tmp like the other suites' clusters (mkdtemp's 0700 folder is closed to the postgres user).
  dataDir = join(process.cwd(), '.tmp', `crash-${process.pid}-${++made}`);
  mkdirSync(dataDir, { recursive: true });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('after kill -9 of the server', () => {
  it('its watchdog stops the orphaned PostgreSQL within seconds, and the next start needs no hand work', async () => {
    const first = await startServer(dataDir);
    const postmaster = postmasterPid(join(dataDir, 'pg'))!;
    expect(isAlive(postmaster)).toBe(true);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(await until(() => !isAlive(postmaster), 10_000)).toBe(true);

    const second = await startServer(dataDir);
    expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  });

  it('with the watchdog killed too, the next start stops the orphan cleanly before starting its own', async () => {
    const first = await startServer(dataDir);
    const postmaster = postmasterPid(join(dataDir, 'pg'))!;
    const watchdogs = watchdogOf(first.child.pid!, postmaster);
    expect(watchdogs).toHaveLength(1);
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    first.child.kill('SIGKILL');
    await exited(first.child);
    // With no watchdog, nothing stops the orphan: it must still run a second later.
    await watchNothingHappensFor(1000);
    expect(isAlive(postmaster)).toBe(true);

    const second = await startServer(dataDir);
    expect(second.output()).toContain(`stopping the PostgreSQL (pid ${postmaster}) a previous server left running`);
    expect(isAlive(postmaster)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  });

  it('refuses to share a data folder with a server that is still running', async () => {
    const first = await startServer(dataDir);
    await expect(startServer(dataDir)).rejects.toThrow(/is in use by a running server/);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
  });
});

describe('SIGTERM', () => {
  it('stops in order within 10 s, exit code 0, in a few log lines, and leaves no PostgreSQL running', async () => {
    const server = await startServer(dataDir);
    // A live stream open at the time of the stop must not hold it up.
    const login = await fetch(`http://127.0.0.1:${server.port}/api/rest/authenticate/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'member@example.com', password: 'Rewards-demo-1' }),
    });
    const token = ((await login.json()) as { authToken: string }).authToken;
    const stream = await fetch(`http://127.0.0.1:${server.port}/api/rest/live`, { headers: { 'auth-token': token } });
    expect(stream.status).toBe(200);
    // An idle keep-alive connection, as a load balancer keeps one: the server says it keeps it longer than the usual
    // 60 s of theirs (with Node's 5 s, a request sent as the server closed it was reset), and it holds up no stop.
    const keepAlive = new Agent({ keepAlive: true });
    const header = await new Promise<string>((resolve, reject) =>
      get(`http://127.0.0.1:${server.port}/healthz`, { agent: keepAlive }, (res) => {
        res.resume();
        res.on('end', () => resolve([res.headers['keep-alive']].flat().join(', ')));
      }).on('error', reject),
    );
    const idle = Object.values(keepAlive.freeSockets).flat().length;
    const postmaster = postmasterPid(join(dataDir, 'pg'))!;
    const before = server.output().split('\n').length;
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    const took = Date.now() - started;
    const after = server
      .output()
      .trim()
      .split('\n')
      .slice(before - 1);
    expect(header).toBe('timeout=65');
    expect(idle).toBe(1);
    expect(took).toBeLessThan(10_000);
    expect(after.length).toBeLessThanOrEqual(4);
    expect(server.output()).not.toMatch(/terminating connection|idle database connection failed/);
    expect(isAlive(postmaster)).toBe(false);
    await stream.body?.cancel().catch(() => undefined);
    keepAlive.destroy();
  });
});
