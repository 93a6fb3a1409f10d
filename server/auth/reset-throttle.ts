import type pg from 'pg';
import { Problem } from '../core/problem';

/** Reset requests per address (refused with 429) and unexpired reset e-mails per member (no more are sent). */
export const RESET_LIMITS = { perAddress: 10, addressWindowMinutes: 15, mailsPerMember: 3 };

export async function assertResetRequestAllowed(db: pg.Pool, address: string): Promise<void> {
  const key = `reset-address:${address}`;
  await db.query('INSERT INTO login_failures (key) VALUES ($1)', [key]);
  const r = await db.query<{ n: string }>('SELECT count(*) AS n FROM login_failures WHERE key = $1 AND failed_at > now() - make_interval(mins => $2)', [
    key,
    RESET_LIMITS.addressWindowMinutes,
  ]);
  if (Number(r.rows[0].n) > RESET_LIMITS.perAddress)
    throw new Problem('rate-limited', `Too many reset requests. Try again in ${RESET_LIMITS.addressWindowMinutes} minutes.`, undefined, {
      'Retry-After': String(RESET_LIMITS.addressWindowMinutes * 60),
    });
}

/** The answer stays 202 either way, so a caller cannot learn from it whether an account exists or was throttled. */
export async function mayMailReset(db: pg.Pool, paxId: number): Promise<boolean> {
  // Reset links live as long as the window, so the unexpired ones are those mailed within it.
  const r = await db.query<{ n: string }>('SELECT count(*) AS n FROM password_resets WHERE pax_id = $1 AND expires_at > now()', [paxId]);
  return Number(r.rows[0].n) < RESET_LIMITS.mailsPerMember;
}
