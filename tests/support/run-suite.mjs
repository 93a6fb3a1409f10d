// `npm test`: the whole suite, its independent phases side by side. Run one after another they left a 2-core machine
// about half idle (tsc, prettier and ESLint use one core each; jest's and Playwright's workers wait on PostgreSQL, the
// browser and the server in turn). Two stages:
//   1. type-check, lint, format check and the build of dist/ (client and server, as `npm start` builds them);
//   2. jest and Playwright, once stage 1 has passed (Playwright serves the client built in stage 1); side by side on a
//      machine of four cores or more, one after the other on fewer (see SIDE_BY_SIDE).
// Every line of output carries its phase's name. The first phase to fail stops the others and gives the run its exit
// code; ctrl-C or SIGTERM stops every phase's whole process tree (each phase runs in a process group of its own).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

const JEST = { name: 'jest', command: 'npm', args: ['run', '--silent', 'test:jest'] };
const E2E = { name: 'e2e', command: 'npx', args: ['playwright', 'test'] };

/**
 * Jest and Playwright side by side only with four cores or more. On two, a quiet run gained 8% (8:29 against 9:12) and
 * the load (16 on two cores) pushed asynchronous work in two jest files past their 10 s waits: the same files pass
 * alone and after Playwright. Green first.
 */
const SIDE_BY_SIDE = availableParallelism() >= 4;

const STAGES = [
  [
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    { name: 'format', command: 'npm', args: ['run', '--silent', 'format:check'] },
    { name: 'build', command: process.execPath, args: ['server/cli/build-if-stale.mjs'] },
  ],
  ...(SIDE_BY_SIDE ? [[JEST, E2E]] : [[JEST], [E2E]]),
];

/** How long a phase that was asked to stop gets before it is killed. */
const STOP_GRACE_MS = 10_000;

const width = Math.max(...STAGES.flat().map((p) => p.name.length));
const running = new Set();
let stopping = false;

const say = (name, line) => process.stdout.write(`[${name.padEnd(width)}] ${line}\n`);

/** Signals a phase's whole process group (its npm, node, PostgreSQL and browser processes). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Asks every running phase to stop, then kills what is left after the grace period. */
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of running) signalGroup(child, signal);
  setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  }, STOP_GRACE_MS).unref();
}

/** Runs one phase, its output prefixed line by line; answers its exit code and how long it took. */
function runPhase({ name, command, args }) {
  const started = Date.now();
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours survive the pipe when a person watches the run.
    env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : process.env,
  });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => say(name, line));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      say(name, `could not start: ${error.message}`);
      running.delete(child);
      resolve({ name, code: 127, seconds: (Date.now() - started) / 1000 });
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const result = { name, code: code ?? 128 + 15, seconds };
      const outcome = code === 0 ? 'passed' : stopping && signal ? `stopped (${signal})` : `FAILED (${signal ?? `exit ${code}`})`;
      say(name, `${outcome} in ${seconds.toFixed(1)} s`);
      resolve(result);
    });
  });
}

let firstFailure;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    firstFailure ??= { name: signal, code };
    stopAll('SIGTERM');
  });
}

const started = Date.now();
const results = [];
for (const stage of STAGES) {
  if (firstFailure) break;
  await Promise.all(
    stage.map(async (phase) => {
      const result = await runPhase(phase);
      results.push(result);
      if (result.code !== 0 && !firstFailure) {
        firstFailure = result;
        stopAll();
      }
    }),
  );
}

const total = ((Date.now() - started) / 1000).toFixed(1);
const outcome = (r) => (r.code === 0 ? 'passed' : r === firstFailure ? 'FAILED' : 'stopped');
console.log(`\n${results.map((r) => `${r.name} ${outcome(r)} (${r.seconds.toFixed(1)} s)`).join(', ')}; ${total} s in all`);
if (firstFailure) {
  console.log(`npm test failed: ${firstFailure.name} (exit ${firstFailure.code})`);
  process.exit(firstFailure.code);
}
