import type pg from 'pg';
import { assertCanActFor, type Caller } from '../auth/caller';
import { notFound, Problem } from '../core/problem';
import { currentRequestId } from '../operations/request-context';
import { assertParticipantExists } from '../participants/known-participants';

/*
 * Who looked (issue 25, an accounting of disclosures): every read by staff of a member's personal data or history is
 * one row of `member_access_log` (server/privacy/privacy-schema.ts): who, what, when.
 *
 * A table, not an event. It must survive and be exact, and it must not slow the reads down:
 * - exact: the row is written by the same SQL statement that reads the member's data (a data-modifying CTE), or, for
 *   a read that is not one statement, before the read answers; a read never answers without its row;
 * - cheap: the piggybacked row costs no extra round trip, where an event would be a second write to the log (to
 *   another system altogether on EventStoreDB) on every staff read, with reads far outnumbering the log's writes;
 * - it is about staff, not a fact of the member's history: in the member's stream it would reach every decider and
 *   projection of that stream and be replayed in the support timeline as if the member had done something;
 * - it survives a rebuild (it is not a read model) and, being staff's accounting keyed by a bare paxId, an erasure:
 *   with the member's personal data gone it names no one.
 * A member reading their own data writes nothing and pays nothing.
 */

/** What was read: a stable slug per kind of read (the support view words them). */
export type AccessAction =
  | 'participant-record'
  | 'emails'
  | 'phones'
  | 'pending-emails'
  | 'contact-history'
  | 'points'
  | 'bonus-points'
  | 'activity'
  | 'activity-detail'
  | 'certificates'
  | 'certificate-history'
  | 'referrals'
  | 'surveys'
  | 'gifts-sent'
  | 'message-preferences'
  | 'support-timeline'
  | 'support-replay'
  | 'survey-answers'
  | 'impersonation-start'
  | 'export'
  | 'practice-lookup'
  | 'practice-certificates'
  | 'practice-checkout';

export interface StaffReader {
  adminId: number;
  /** Read as the member, through an impersonation session. */
  impersonating: boolean;
}

/** The staff member behind a read of `paxId`'s data; null when the member reads their own (or no staff is involved). */
export const staffReaderOf = (caller: Caller, paxId: number): StaffReader | null => {
  if (caller.kind !== 'participant') return null;
  if (caller.impersonatorId !== null) return { adminId: caller.impersonatorId, impersonating: true };
  if (caller.isAdmin && caller.paxId !== paxId) return { adminId: caller.paxId, impersonating: false };
  return null;
};

export interface Access {
  caller: Caller;
  paxId: number;
  action: AccessAction;
  at: Date;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * `read` with the access recorded by the same statement: a data-modifying CTE runs once whether or not the query reads
 * it, and fails the read if it fails. Unchanged when the caller is not staff. No row for an unknown member (the read
 * itself answers 404).
 */
export function recordingAccess(read: Statement, access: Access): Statement {
  const reader = staffReaderOf(access.caller, access.paxId);
  if (!reader) return read;
  const n = read.values.length;
  const cte =
    `staff_read AS (INSERT INTO member_access_log (pax_id, admin_id, impersonating, action, occurred_at, request_id) ` +
    `SELECT $${n + 1}::bigint, $${n + 2}::bigint, $${n + 3}::boolean, $${n + 4}::text, $${n + 5}::timestamptz, $${n + 6}::text ` +
    `WHERE EXISTS (SELECT 1 FROM participants WHERE pax_id = $${n + 1}::bigint))`;
  const text = /^\s*WITH\s/i.test(read.text) ? read.text.replace(/^\s*WITH\s/i, `WITH ${cte}, `) : `WITH ${cte} ${read.text}`;
  return {
    text,
    values: [...read.values, access.paxId, reader.adminId, reader.impersonating, access.action, access.at, currentRequestId() ?? null],
  };
}

/** A practice's read of a member (the front desk found them, or read their certificates), naming the practice and its user. */
export async function recordPracticeAccess(
  db: Pick<pg.Pool, 'query'>,
  access: { paxId: number; practiceId: number; userId: number | null; action: AccessAction; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO member_access_log (pax_id, practice_id, practice_user_id, impersonating, action, occurred_at, request_id) VALUES ($1, $2, $3, false, $4, $5, $6)`,
    [access.paxId, access.practiceId, access.userId, access.action, access.at, currentRequestId() ?? null],
  );
}

/**
 * As recordPracticeAccess, unless the same practice user already has this access to this member in the last
 * `withinMinutes`: a screen that re-reads as the ticket changes is one view, not one a keystroke.
 */
export async function recordPracticeAccessOnce(
  db: Pick<pg.Pool, 'query'>,
  access: { paxId: number; practiceId: number; userId: number | null; action: AccessAction; at: Date },
  withinMinutes: number,
): Promise<void> {
  await db.query(
    `INSERT INTO member_access_log (pax_id, practice_id, practice_user_id, impersonating, action, occurred_at, request_id)
     SELECT $1, $2, $3, false, $4, $5, $6
      WHERE NOT EXISTS (SELECT 1 FROM member_access_log
                         WHERE pax_id = $1 AND practice_id = $2 AND practice_user_id IS NOT DISTINCT FROM $3 AND action = $4
                           AND occurred_at > $5::timestamptz - make_interval(mins => $7))`,
    [access.paxId, access.practiceId, access.userId, access.action, access.at, currentRequestId() ?? null, withinMinutes],
  );
}

/** Records the access on its own, for a read that is not one SQL statement (a stream, several queries). */
export async function recordAccess(db: Pick<pg.Pool, 'query'>, access: Access): Promise<void> {
  const select = { text: 'SELECT 1', values: [] };
  const recording = recordingAccess(select, access);
  if (recording !== select) await db.query(recording.text, recording.values);
}

/**
 * A staff read that names many members at once (a page of survey answers, their CSV): one row per member named, in
 * one statement. Nothing for a read by no staff or naming no one.
 */
export async function recordAccessOfMany(db: Pick<pg.Pool, 'query'>, access: Omit<Access, 'paxId'> & { paxIds: readonly number[] }): Promise<void> {
  const paxIds = [...new Set(access.paxIds)];
  const reader = paxIds.length ? staffReaderOf(access.caller, -1) : null;
  if (!reader) return;
  await db.query(
    `INSERT INTO member_access_log (pax_id, admin_id, impersonating, action, occurred_at, request_id)
     SELECT p.pax_id, $2, $3, $4, $5, $6 FROM participants p WHERE p.pax_id = ANY($1::bigint[])`,
    [paxIds, reader.adminId, reader.impersonating, access.action, access.at, currentRequestId() ?? null],
  );
}

/** The answer to a read of an erased member's data (410): what was about them is gone; their ledger is not. */
export const memberErased = (paxId: number, erasedAt: Date) =>
  new Problem(
    'gone',
    `Participant ${paxId} was erased on ${erasedAt.toISOString()}: their personal data is gone. The support timeline still shows their ledger.`,
  );

const ASK_ERASED = 'SELECT EXISTS (SELECT 1 FROM participants WHERE pax_id = $1) AS found, (SELECT erased_at FROM participants WHERE pax_id = $1) AS erased_at';

/**
 * 404 for an unknown member; for staff, the access recorded in the same statement that asks (one round trip), and 410
 * for an erased member unless the read is of what an erasure keeps (`erasedToo`: the ledger's timeline).
 */
export async function assertExistsRecordingAccess(pool: pg.Pool, access: Access, options: { erasedToo?: boolean } = {}): Promise<void> {
  if (!staffReaderOf(access.caller, access.paxId)) return assertParticipantExists(pool, access.paxId);
  const asked = recordingAccess({ text: ASK_ERASED, values: [access.paxId] }, access);
  const r = await pool.query<{ found: boolean; erased_at: Date | null }>(asked.text, asked.values);
  if (!r.rows[0]?.found) throw notFound(`Participant ${access.paxId}`);
  const erasedAt = r.rows[0].erased_at;
  if (erasedAt && !options.erasedToo) throw memberErased(access.paxId, erasedAt);
}

/**
 * `assertCanActFor`, then the access recorded when staff reads: for participant-scoped reads that ask nothing else
 * first. Staff reading an erased member's data get 410 (a member's own read needs a session, which an erasure ends).
 */
export async function assertCanReadFor(pool: pg.Pool, access: Access): Promise<void> {
  assertCanActFor(access.caller, access.paxId);
  if (!staffReaderOf(access.caller, access.paxId)) return;
  const asked = recordingAccess({ text: ASK_ERASED, values: [access.paxId] }, access);
  const r = await pool.query<{ erased_at: Date | null }>(asked.text, asked.values);
  const erasedAt = r.rows[0]?.erased_at;
  if (erasedAt) throw memberErased(access.paxId, erasedAt);
}
