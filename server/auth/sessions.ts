import type pg from 'pg';
import type { Caller } from './caller';
import { sessionCacheFor } from './session-cache';
import { hashToken, newToken } from './tokens';
import { practiceStaffForTokenHash } from '../practices/practice-sessions';

export const SESSION_HOURS = 12;

export interface SessionPax {
  paxId: number;
  firstName: string;
  lastName: string;
}

export async function createSession(db: pg.Pool, paxId: number, impersonation?: { adminPaxId: number; adminTokenHash: Buffer }): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, pax_id, admin_pax_id, admin_token_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [hashToken(token), paxId, impersonation?.adminPaxId ?? null, impersonation?.adminTokenHash ?? null, SESSION_HOURS],
  );
  return token;
}

/** Resolves a token to its caller; expired and revoked sessions resolve to anonymous. */
export const callerForToken = (db: pg.Pool, token: string): Promise<Caller> => callerForTokenHash(db, hashToken(token));

/** The same, answered from the brief in-process cache when it can (server/auth/session-cache.ts): for every request. */
export async function cachedCallerForToken(db: pg.Pool, token: string): Promise<Caller> {
  const tokenHash = hashToken(token);
  const key = tokenHash.toString('hex');
  const cache = sessionCacheFor(db);
  const hit = cache.get(key);
  if (hit) return hit;
  const { caller, expiresAt } = await lookUp(db, tokenHash);
  cache.set(key, caller, expiresAt);
  return caller;
}

export async function callerForTokenHash(db: pg.Pool, tokenHash: Buffer): Promise<Caller> {
  return (await lookUp(db, tokenHash)).caller;
}

async function lookUp(db: pg.Pool, tokenHash: Buffer): Promise<{ caller: Caller; expiresAt: number | null }> {
  const r = await db.query<{ pax_id: string; first_name: string; last_name: string; is_admin: boolean; admin_pax_id: string | null; expires_at: Date }>(
    `SELECT s.pax_id, p.first_name, p.last_name, p.is_admin, s.admin_pax_id, s.expires_at FROM sessions s JOIN participants p USING (pax_id)
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  );
  const row = r.rows[0];
  if (!row) return (await practiceStaffForTokenHash(db, tokenHash)) ?? { caller: { kind: 'anonymous' }, expiresAt: null };
  const impersonatorId = row.admin_pax_id === null ? null : Number(row.admin_pax_id);
  return {
    expiresAt: row.expires_at.getTime(),
    caller: {
      kind: 'participant',
      paxId: Number(row.pax_id),
      firstName: row.first_name,
      lastName: row.last_name,
      isAdmin: row.is_admin && impersonatorId === null,
      impersonatorId,
      tokenHash,
    },
  };
}

export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/** Tells every server process which sessions ended, so their open live streams close too. */
export const announceRevoked = async (db: pg.Pool, hashes: Buffer[]) => {
  // This process forgets them before answering; the others when the notification arrives.
  sessionCacheFor(db).forget(hashes.map((h) => h.toString('hex')));
  if (hashes.length) await db.query(`SELECT pg_notify('${SESSION_REVOKED_CHANNEL}', $1)`, [JSON.stringify(hashes.map((h) => h.toString('hex')))]);
};

export async function revokeSession(db: pg.Pool, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  await announceRevoked(db, [tokenHash]);
}

export async function revokeAllSessions(db: pg.Pool, paxId: number): Promise<void> {
  const r = await db.query<{ token_hash: Buffer }>('UPDATE sessions SET revoked_at = now() WHERE pax_id = $1 AND revoked_at IS NULL RETURNING token_hash', [
    paxId,
  ]);
  await announceRevoked(
    db,
    r.rows.map((row) => row.token_hash),
  );
}

export async function paxOf(db: pg.Pool, paxId: number): Promise<SessionPax | undefined> {
  const r = await db.query<{ pax_id: string; first_name: string; last_name: string }>(
    'SELECT pax_id, first_name, last_name FROM participants WHERE pax_id = $1',
    [paxId],
  );
  const row = r.rows[0];
  return row && { paxId: Number(row.pax_id), firstName: row.first_name, lastName: row.last_name };
}
