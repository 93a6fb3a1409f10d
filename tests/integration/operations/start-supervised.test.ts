import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exited, freePort, isAlive, spawnServer, until } from '../../support/server-process';

/*
 * Starting the product the way a process supervisor or a CI job does: one server after another on fresh data folders,
 * stopped with SIGTERM sent to whatever the supervisor started (`npm start`, not the node process under it).
 */
jest.setTimeout(240_000);

let dataDir: string;
let made = 0;
beforeEach(() => {
  dataDir = join(process.cwd(), '.tmp', `supervised-${process.pid}-${++made}`);
  mkdirSync(dataDir, { recursive: true });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every process under `pid` (children, their children...), from ps. */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0;) {
    const next = rows.filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

describe('the embedded PostgreSQL', () => {
  let holder: ChildProcess | undefined;
  let lockFile = '';
  afterEach(() => {
    holder?.kill('SIGKILL');
    rmSync(lockFile, { force: true });
  });

  it('starts on its port while the /tmp socket lock of that port still belongs to a postmaster that is shutting down', async () => {
    // What a cluster shutting down leaves: its TCP port already free, its socket lock file still naming a live process.
    // PostgreSQL refuses a lock whose pid is alive unless it is itself or its parent, so a plain `sleep` stands in.
    const port = await freePort();
    holder = spawn('sleep', ['120'], { stdio: 'ignore' });
    lockFile = `/tmp/.s.PGSQL.${port}.lock`;
    writeFileSync(lockFile, `${holder.pid}\n${dataDir}\n`);
    const compiled = join(process.cwd(), '.tmp', `compiled-supervised-${process.pid}`, 'index.js');
    execFileSync(process.execPath, ['server/cli/build-server.mjs', compiled], { stdio: 'pipe' });

    const server = await spawnServer(process.execPath, [compiled], dataDir, { EMBEDDED_PG_PORT: String(port) });
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  });
});

describe('SIGTERM sent to `npm start`', () => {
  it('reaches the server, which stops in order, and leaves no process behind', async () => {
    const npm = await spawnServer('npm', ['start'], dataDir);
    const under = descendants(npm.child.pid!);
    expect(under.length).toBeGreaterThan(0);
    npm.child.kill('SIGTERM');
    await exited(npm.child);
    // The server under npm (and its PostgreSQL) must stop too, not run on as an orphan.
    const stopped = await until(() => under.every((pid) => !isAlive(pid)), 15_000);
    // An orphan would outlive the run (and hold jest open on its output): stop it before saying so.
    for (const pid of under.filter(isAlive)) process.kill(pid, 'SIGTERM');
    expect(stopped).toBe(true);
    expect(npm.output()).toMatch(/"msg":"shutting down"/);
    expect(npm.output()).toMatch(/"msg":"stopped"/);
  });
});
