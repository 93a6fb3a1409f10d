import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { startEmbeddedCluster } from '../../../server/db/embedded-cluster.mjs';
import { medianInterval } from '../stats';
import { probes, type Figure } from './probes';

/**
 * `npm run bench <awards|rebuild> -- --against <git ref> [--rounds N]`: this tree (as it is on disk) against the ref,
 * each built in a git worktree under .tmp/against/, in alternating rounds on one PostgreSQL cluster, measured by this
 * tree's probe (tests/bench/against/) copied over the other: only the server's code differs between the two sides.
 */
const SCRATCH = resolve('.tmp/against');
/** Files of this tree copied over the compared tree before each of its rounds (the probes and what they load). */
const OVERLAY = [
  'tests/bench/against',
  'tests/bench/award-clients.ts',
  'tests/bench/sse-reader.ts',
  'tests/bench/pg-cpu.ts',
  'tests/bench/process-cpu.ts',
  'tests/bench/profile.ts',
];

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

/**
 * node_modules for a tree: this tree's when the lock files are the same bytes (linked, nothing installed), otherwise
 * one `npm ci` per distinct lock file, kept under .tmp/against/modules/ and linked into every tree with that lock.
 */
function linkModules(tree: string): string {
  const lock = readFileSync(join(tree, 'package-lock.json'));
  const target = join(tree, 'node_modules');
  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  if (lock.equals(readFileSync('package-lock.json'))) {
    symlinkSync(resolve('node_modules'), target, 'dir');
    return 'this tree’s node_modules (same package-lock.json)';
  }
  const digest = createHash('sha256').update(lock).digest('hex').slice(0, 12);
  const modules = join(SCRATCH, 'modules', digest);
  if (!existsSync(join(modules, 'node_modules', '.package-lock.json'))) {
    mkdirSync(modules, { recursive: true });
    cpSync(join(tree, 'package.json'), join(modules, 'package.json'));
    cpSync(join(tree, 'package-lock.json'), join(modules, 'package-lock.json'));
    console.log(`  npm ci for the lock file ${digest} (once; kept in ${modules})`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], { cwd: modules, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  symlinkSync(join(modules, 'node_modules'), target, 'dir');
  return `npm ci of its own lock file (${digest})`;
}

/** A detached worktree of `ref` under .tmp/against/, with this tree's probe copied over it. */
export function prepareTree(ref: string): { dir: string; sha: string; modules: string } {
  const sha = git('.', 'rev-parse', '--verify', `${ref}^{commit}`);
  const dir = join(SCRATCH, sha.slice(0, 12));
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(SCRATCH, { recursive: true });
    git('.', 'worktree', 'add', '--detach', '--force', dir, sha);
  }
  // A previous run's copies are put back first, so the tree is the ref's plus this run's probe.
  git(dir, 'checkout', '--force', '--detach', sha);
  git(dir, 'clean', '-fdq');
  const modules = linkModules(dir);
  for (const path of OVERLAY) cpSync(path, join(dir, path), { recursive: true });
  return { dir, sha, modules };
}

/** Runs one probe in `dir`; answers its figures (the `AGAINST <json>` line it prints). */
export function runProbe(dir: string, probe: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((done, fail) => {
    const child = spawn(join(dir, 'node_modules/.bin/tsx'), [probe], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('AGAINST '));
      if (code !== 0 || !line) fail(new Error(`${probe} in ${dir} exited ${code}:\n${out}`));
      else done(JSON.parse(line.slice('AGAINST '.length)) as Record<string, unknown>);
    });
  });
}

/** One cluster for every round, with pg_stat_statements loaded (tracking nothing until a probe counts). */
export async function startCluster(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = join(SCRATCH, 'pg');
  rmSync(dir, { recursive: true, force: true });
  const first = await startEmbeddedCluster({ dir, port: 0 });
  const admin = new pg.Client({ connectionString: first.url });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'none'`);
  await admin.end();
  await first.stop();
  return startEmbeddedCluster({ dir, port: 0 });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};

function table(figures: Figure[], ours: Record<string, unknown>[], theirs: Record<string, unknown>[], ref: string): string[] {
  const lines: string[] = [];
  for (const f of figures) {
    const mine = ours.map((r) => f.read(r));
    const base = theirs.map((r) => f.read(r));
    // Round by round (the two ran minutes apart at most), so a slow spell of the machine lands in one ratio.
    const ratios = mine.map((m, i) => m / base[i]).sort((a, b) => a - b);
    const interval = medianInterval(ratios);
    lines.push(
      `  ${f.label.padEnd(40)} ${ref.padStart(12)} ${f.format(median(base)).padStart(10)}   this tree ${f.format(median(mine)).padStart(10)}   ratio ${median(ratios).toFixed(3)}` +
        ` (rounds' ratios ${interval.low.toFixed(3)} to ${interval.high.toFixed(3)}, ${(interval.confidence * 100).toFixed(0)}% for the median)`,
    );
    lines.push(`      rounds: ${ref} ${base.map(f.format).join(' ')}; this tree ${mine.map(f.format).join(' ')}`);
  }
  return lines;
}

export async function benchAgainst(bench: string, ref: string, rounds: number): Promise<string> {
  const probe = probes[bench];
  if (!probe) throw new Error(`--against compares ${Object.keys(probes).join(' or ')}, not ${bench}`);
  if (!Number.isInteger(rounds) || rounds < 3) throw new Error(`--rounds must be a whole number of at least 3, not ${rounds}`);
  const other = prepareTree(ref);
  console.log(`${bench} against ${ref} (${other.sha.slice(0, 12)}, in ${other.dir}, ${other.modules}), ${rounds} rounds each, alternating`);
  const cluster = await startCluster();
  // Older trees read the one URL (TEST_PG_ADMIN_URL), newer ones a list of them.
  const env = { TEST_PG_ADMIN_URLS: cluster.url, TEST_PG_ADMIN_URL: cluster.url };
  const ours: Record<string, unknown>[] = [];
  const theirs: Record<string, unknown>[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const count: Record<string, string> = r === 0 && probe.counts ? { AGAINST_COUNT: '1' } : {};
      // Turns of order: the one run second in a round runs first in the next.
      const sides = r % 2 === 0 ? (['theirs', 'ours'] as const) : (['ours', 'theirs'] as const);
      for (const side of sides) {
        const result = await runProbe(side === 'ours' ? resolve('.') : other.dir, probe.path, { ...env, ...count });
        (side === 'ours' ? ours : theirs).push(result);
        console.log(`  round ${r + 1} ${side === 'ours' ? 'this tree' : ref}: ${probe.brief(result)}`);
      }
    }
  } finally {
    await cluster.stop();
  }
  writeFileSync(join(SCRATCH, `last-${bench}.json`), JSON.stringify({ ref, sha: other.sha, ours, theirs }, null, 2));
  return [
    `${bench}: ${ref} against this tree, medians of ${rounds} rounds each (raw figures in ${join(SCRATCH, `last-${bench}.json`)})`,
    ...table(probe.figures, ours, theirs, ref),
    ...(probe.counted ? probe.counted(ours[0], theirs[0], ref) : []),
  ].join('\n');
}
