import type pg from 'pg';
import { Problem } from '../core/problem';

/** Failed sign-ins allowed in the window, per account name (existing or not) and per address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 };

const keys = (username: string, address: string) => [`account:${username.trim().toLowerCase()}`, `address:${address}`];

/**
 * Records the attempt as a failure first and only then counts, so parallel guesses cannot all pass the check before
 * any of them is written (check-then-insert let any number through). Refused attempts are withdrawn at once, so
 * hammering a locked account does not extend its lock. Answers `withdraw`, for a sign-in that succeeds.
 */
export async function recordAttempt(db: pg.Pool, username: string, address: string): Promise<{ withdraw(): Promise<void> }> {
  const [account, addr] = keys(username, address);
  const inserted = await db.query<{ ctid: string }>('INSERT INTO login_failures (key) VALUES ($1), ($2) RETURNING ctid::text', [account, addr]);
  const withdraw = async () => {
    await db.query('DELETE FROM login_failures WHERE ctid = ANY($1::tid[]) AND key = ANY($2)', [inserted.rows.map((r) => r.ctid), [account, addr]]);
  };
  const r = await db.query<{ key: string; n: string }>(
    `SELECT key, count(*) AS n FROM login_failures WHERE key = ANY($1) AND failed_at > now() - make_interval(mins => $2) GROUP BY key`,
    [[account, addr], LOGIN_LIMITS.windowMinutes],
  );
  const count = (k: string) => Number(r.rows.find((x) => x.key === k)?.n ?? 0);
  // This attempt is counted, so the limit is reached when the count goes past it.
  if (count(account) > LOGIN_LIMITS.perAccount || count(addr) > LOGIN_LIMITS.perAddress) {
    await withdraw();
    throw new Problem('rate-limited', `Too many failed sign-in attempts. Try again in ${LOGIN_LIMITS.windowMinutes} minutes.`, undefined, {
      'Retry-After': String(LOGIN_LIMITS.windowMinutes * 60),
    });
  }
  return { withdraw };
}

/** A successful sign-in forgives the account's failures (not the address's, which may be guessing many accounts). */
export async function clearAccountFailures(db: pg.Pool, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [keys(username, '')[0]]);
}
