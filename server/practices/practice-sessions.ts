import type pg from 'pg';
import type { Caller, PracticeRole } from '../auth/caller';
import { announceRevoked, SESSION_HOURS } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';

/** A practice staff member's session: the same opaque token in `auth-token` as anyone's, kept in its own table. */
export async function createPracticeSession(db: pg.Pool, userId: number): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO practice_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
    hashToken(token),
    userId,
    SESSION_HOURS,
  ]);
  return token;
}

/** The staff caller of a live session of an active user; undefined for anything else. */
export async function practiceStaffForTokenHash(db: pg.Pool, tokenHash: Buffer): Promise<{ caller: Caller; expiresAt: number } | undefined> {
  const r = await db.query<{
    user_id: string;
    practice_id: string;
    role: PracticeRole;
    first_name: string;
    last_name: string;
    name: string;
    expires_at: Date;
  }>(
    `SELECT u.user_id, u.practice_id, u.role, u.first_name, u.last_name, p.name, s.expires_at
       FROM practice_sessions s JOIN practice_users u USING (user_id) JOIN practices p USING (practice_id)
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 'ACTIVE'`,
    [tokenHash],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    expiresAt: row.expires_at.getTime(),
    caller: {
      kind: 'practice',
      practiceId: Number(row.practice_id),
      apiKeyId: null,
      staff: { userId: Number(row.user_id), role: row.role, firstName: row.first_name, lastName: row.last_name, practiceName: row.name, tokenHash },
    },
  };
}

export async function revokePracticeSession(db: pg.Pool, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE practice_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  await announceRevoked(db, [tokenHash]);
}

/** Every session of a removed user ends at once, in this process and (by notification) in the others. */
export async function revokePracticeUserSessions(db: pg.Pool | pg.PoolClient, userId: number): Promise<Buffer[]> {
  const r = await db.query<{ token_hash: Buffer }>(
    'UPDATE practice_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING token_hash',
    [userId],
  );
  return r.rows.map((row) => row.token_hash);
}
