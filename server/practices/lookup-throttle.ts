import { Problem } from '../core/problem';

/** Lookups one practice user (or API key) may make in a minute: a busy front desk checks in a patient every few minutes. */
export const LOOKUPS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** Callers remembered at once; the oldest is forgotten past this (a bounded cache, as every cache here is). */
const MAX_CALLERS = 10_000;

/**
 * A sliding window of each caller's lookups, in this process: the front desk cannot walk the member codes or phone
 * numbers. With several server processes each keeps its own window (a caller spread over them gets that many times
 * the allowance, still far from what enumeration needs: a guessed code finds a member about once in a million).
 */
export class LookupThrottle {
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one lookup, or refuses it with 429 and when to try again. */
  take(caller: string): void {
    const at = this.now();
    const times = (this.recent.get(caller) ?? []).filter((t) => t > at - WINDOW_MS);
    if (times.length >= LOOKUPS_PER_MINUTE) {
      const retry = Math.ceil((times[0] + WINDOW_MS - at) / 1000);
      throw new Problem('rate-limited', `At most ${LOOKUPS_PER_MINUTE} patient lookups a minute; try again in ${retry} s`, undefined, {
        'retry-after': String(retry),
      });
    }
    times.push(at);
    this.recent.delete(caller);
    this.recent.set(caller, times);
    if (this.recent.size > MAX_CALLERS) this.recent.delete(this.recent.keys().next().value!);
  }
}
