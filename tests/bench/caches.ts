import { SessionCache } from '../../server/auth/session-cache';
import type { Caller } from '../../server/auth/caller';
import { StateCache } from '../../server/core/state-cache';

/**
 * The process's bounded caches as a large programme fills them: a command's folded state for each of `count` new
 * streams (an award to member after member), a resolved session for each of `count` new sessions. Baseline: a plain
 * Map without a bound. Also the eviction they had before, a Map whose first key is deleted when full, which walks every
 * entry deleted before it on each delete (see server/core/oldest-key.ts).
 */
export function benchCaches(count = 1_000_000): Promise<string> {
  const timed = (step: (i: number) => void) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) step(i);
    return performance.now() - started;
  };
  const plain = new Map<string, number>();
  const baseline = timed((i) => plain.set(`member-${i}`, i));
  const fold = { evolve: () => undefined, initialState: {} };
  const states = new StateCache();
  const stateCache = timed((i) => {
    const stream = `member-${i}`;
    states.get(fold, stream);
    states.set(fold, stream, { state: i, revision: 9 });
  });
  const sessions = new SessionCache();
  const caller = { kind: 'bench' } as unknown as Caller;
  const sessionCache = timed((i) => sessions.set(`session-${i}`, caller, null));
  const former = new Map<string, number>();
  const firstKeyEvicted = timed((i) => {
    if (former.size >= 20_000) former.delete(former.keys().next().value!);
    former.set(`session-${i}`, i);
  });
  const line = (label: string, ms: number) =>
    `  ${label.padEnd(56)} ${ms.toFixed(0).padStart(7)} ms  ${((ms * 1000) / count).toFixed(2).padStart(6)} us each  ${(ms / baseline).toFixed(1).padStart(6)}x baseline`;
  return Promise.resolve(
    [
      `caches: ${count.toLocaleString('en-US')} new keys through each`,
      line('baseline: a Map without a bound', baseline),
      line('command state cache (10,000 streams a fold)', stateCache),
      line('session cache (20,000 sessions)', sessionCache),
      line('a Map of 20,000 whose first key goes when full (before)', firstKeyEvicted),
    ].join('\n'),
  );
}
