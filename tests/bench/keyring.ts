import pg from 'pg';
import { MAX_CACHED_KEYS, MemberKeyring } from '../../server/privacy/sealing/member-keys';

/**
 * The member keyring's memory as a rebuild of a large programme uses it: every member's key remembered once and read
 * back (the sealing store opens a member's events right after loading the key), past the keyring's bound. Baseline: a
 * plain Map without a bound, the cheapest a keyring could be. Also the eviction the keyring had before (a Map whose
 * first key is deleted when it is full), which walks every entry deleted before it on each delete.
 */
export function benchKeyring(members = 1_000_000): Promise<string> {
  const timed = (remember: (p: number) => void, read: (p: number) => unknown) => {
    const started = performance.now();
    for (let p = 1; p <= members; p++) {
      remember(p);
      read(p);
    }
    return performance.now() - started;
  };
  const plain = new Map<number, null>();
  const baseline = timed(
    (p) => plain.set(p, null),
    (p) => plain.get(p),
  );
  // The pool never connects: markMissing and cached touch memory only.
  const keyring = new MemberKeyring(new pg.Pool());
  const generations = timed(
    (p) => keyring.markMissing(p),
    (p) => keyring.cached(p),
  );
  const former = new Map<number, null>();
  const firstKeyEvicted = timed(
    (p) => {
      if (former.size >= MAX_CACHED_KEYS) former.delete(former.keys().next().value!);
      former.set(p, null);
    },
    (p) => former.get(p),
  );
  const line = (label: string, ms: number) => `  ${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms  ${(ms / baseline).toFixed(1).padStart(7)}x baseline`;
  return Promise.resolve(
    [
      `keyring: ${members.toLocaleString('en-US')} members remembered and read, at most ${MAX_CACHED_KEYS.toLocaleString('en-US')} kept`,
      line('baseline: a Map without a bound', baseline),
      line('the keyring (two generations)', generations),
      line('a Map whose first key goes when full (before)', firstKeyEvicted),
    ].join('\n'),
  );
}
