import type pg from 'pg';
import { Problem } from '../core/problem';

/** Failed sign-ins allowed in the window, per account name (existing or not) and per address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 };

const keys = (username: string, address: string) => [`account:${username.trim().toLowerCase()}`, `address:${address}`];

export async function assertNotThrottled(db: pg.Pool, username: string, address: string): Promise<void> {
  const [account, addr] = keys(username, address);
  const r = await db.query<{ key: string; n: string }>(
    `SELECT key, count(*) AS n FROM login_failures WHERE key = ANY($1) AND failed_at > now() - make_interval(mins => $2) GROUP BY key`,
    [[account, addr], LOGIN_LIMITS.windowMinutes],
  );
  const count = (k: string) => Number(r.rows.find((x) => x.key === k)?.n ?? 0);
  if (count(account) >= LOGIN_LIMITS.perAccount || count(addr) >= LOGIN_LIMITS.perAddress) {
    throw new Problem('rate-limited', `Too many failed sign-in attempts. Try again in ${LOGIN_LIMITS.windowMinutes} minutes.`, undefined, {
      'Retry-After': String(LOGIN_LIMITS.windowMinutes * 60),
    });
  }
}

export async function recordFailure(db: pg.Pool, username: string, address: string): Promise<void> {
  await db.query('INSERT INTO login_failures (key) SELECT unnest($1::text[])', [keys(username, address)]);
}

/** A successful sign-in forgives the account's failures (not the address's, which may be guessing many accounts). */
export async function clearAccountFailures(db: pg.Pool, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [keys(username, '')[0]]);
}
