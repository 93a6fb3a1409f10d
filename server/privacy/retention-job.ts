import type pg from 'pg';
import { LOGIN_LIMITS } from '../auth/login-throttle';
import { RESET_LIMITS } from '../auth/reset-throttle';
import type { Deps } from '../deps';
import { NightlyScheduler, type NightlyJob } from '../treatments/nightly-scheduler';

/** Rows deleted per statement: each chunk is its own short transaction (DESIGN.md: long writes hold the log's readers back). */
const CHUNK = 1000;

/** Failed sign-ins and reset requests older than every throttle's window count for nothing; their keys hold e-mail addresses. */
const THROTTLE_MINUTES = Math.max(LOGIN_LIMITS.windowMinutes, RESET_LIMITS.addressWindowMinutes);

/**
 * What nothing reads any more and still says something about a person (issue 25, retention): ended sessions (expired
 * or signed out: who was signed in, when, as whom), expired password-reset links and e-mail confirmations (the
 * confirmation holds the new address), expired live-stream tickets, and throttle counts past their window. Each
 * condition is one a read already treats as dead, so purging changes no answer: a used confirmation link keeps saying
 * "already used" until it expires, then says "not valid" as any expired link does.
 */
const PURGES: { name: string; table: string; ended: string }[] = [
  { name: 'sessions', table: 'sessions', ended: `LEAST(expires_at, COALESCE(revoked_at, 'infinity'::timestamptz)) < now()` },
  { name: 'passwordResets', table: 'password_resets', ended: 'expires_at < now()' },
  { name: 'emailConfirmations', table: 'email_confirmations', ended: 'expires_at < now()' },
  { name: 'liveTickets', table: 'live_tickets', ended: 'expires_at < now()' },
  { name: 'throttleCounts', table: 'login_failures', ended: `failed_at < now() - make_interval(mins => ${THROTTLE_MINUTES})` },
];

/** Deletes everything ended, a chunk at a time; answers how many rows of each kind went. */
export async function purgeEndedCredentials(pool: pg.Pool): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  for (const { name, table, ended } of PURGES) {
    purged[name] = 0;
    for (;;) {
      const r = await pool.query(`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${ended} LIMIT $1))`, [CHUNK]);
      purged[name] += r.rowCount ?? 0;
      if ((r.rowCount ?? 0) < CHUNK) break;
    }
  }
  return purged;
}

export const retentionJobs = (deps: Pick<Deps, 'pool'>): NightlyJob[] => [{ name: 'purge-ended-credentials', run: () => purgeEndedCredentials(deps.pool) }];

export const retentionScheduler = (deps: Deps) =>
  new NightlyScheduler(
    { pool: deps.pool, timeZone: deps.settings.timeZone, now: deps.now, log: deps.log, observe: (job, outcome) => deps.metrics.jobRuns.inc({ job, outcome }) },
    retentionJobs(deps),
  );
