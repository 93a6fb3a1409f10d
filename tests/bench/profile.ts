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

interface SampledNode {
  selfSize: number;
  children?: SampledNode[];
}

/**
 * With BENCH_HEAP=<file> set, samples this thread's allocations between start and the returned stop (every 16 KB on
 * average, counting what the garbage collector already took), writes a .heapprofile (DevTools' memory tab opens it)
 * and answers about how many bytes were allocated; undefined when unset. Allocation is what the young-generation
 * collections this thread pays for grow with.
 */
export async function heapProfileWhile(label: string): Promise<() => Promise<number | undefined>> {
  const file = process.env.BENCH_HEAP;
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // The two flags count objects already collected; without them only what is still alive at the stop is sampled.
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as { samplingInterval: number });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const path = file.replace(/(\.heapprofile)?$/, `-${label}.heapprofile`);
    writeFileSync(path, JSON.stringify(profile));
    session.disconnect();
    console.error(`allocation profile of ${label} written to ${path}`);
    const sum = (n: SampledNode): number => n.selfSize + (n.children ?? []).reduce((s, c) => s + sum(c), 0);
    return sum(profile.head as SampledNode);
  };
}
