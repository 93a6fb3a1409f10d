import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * With BENCH_PROFILE=<file> set, profiles this thread's CPU between start and the returned stop, and writes a
 * .cpuprofile (open it in Chrome's DevTools). A whole-run `--cpu-prof` would mix the set-up into the phase measured.
 */
export async function profileWhile(label: string): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const path = file.replace(/(\.cpuprofile)?$/, `-${label}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    session.disconnect();
    console.error(`profile of ${label} written to ${path}`);
  };
}
