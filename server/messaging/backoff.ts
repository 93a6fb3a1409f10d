export interface RetryPolicy {
  /** Attempts before a message is parked (the claim counts each one). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 8 attempts over about two hours: 30 s, 1, 2, 4, 8, 16, 32 min, then parked. An SMTP relay's outage rarely lasts longer. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };

/**
 * When the next attempt may go after `attempts` failed ones, or null to park. Doubling from the base, capped, and
 * spread by ±20 % (`random` in 0..1) so messages that failed together in an outage do not all come back in one burst.
 */
export function nextAttemptAt(policy: RetryPolicy, attempts: number, now: Date, random: number = Math.random()): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1));
  return new Date(now.getTime() + delay * (0.8 + 0.4 * random));
}
