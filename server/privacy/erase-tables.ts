import type pg from 'pg';
import { CONTACTS_ENTITY } from '../participants/contact-changes';
import { PROFILE_ENTITY } from '../participants/profile-routes';
import { destroyMemberKey } from './sealing/member-keys';

/** The sign-in name an erased account keeps: unique (the column is), and no one's address, so no one can sign in with it. */
export const erasedUsername = (paxId: number) => `erased-member-${paxId}`;

/**
 * The plain tables' part of an erasure (the inventory's Erase column, server/privacy/README.md), in the caller's
 * transaction. Marks the participant erased first and answers false when they already were (a concurrent erasure got
 * there first: its row lock makes this one wait, then see it). Read models are not touched here: they blank what they
 * hold on the MemberErased event itself, in log order, so an award projected late cannot bring a description back and
 * a rebuild ends the same. Answers the token hashes of the sessions it ended, for the other processes to forget.
 */
export async function eraseFromTables(db: pg.PoolClient, paxId: number, erasedAt: Date): Promise<{ erased: boolean; endedSessions: Buffer[] }> {
  const marked = await db.query('UPDATE participants SET erased_at = $2 WHERE pax_id = $1 AND erased_at IS NULL RETURNING username', [paxId, erasedAt]);
  if (!marked.rowCount) return { erased: false, endedSessions: [] };
  const username = (marked.rows[0] as { username: string }).username;
  // Every address and number the member had, confirmed or pending: mail to them goes, and so do the sign-in throttle's
  // counts under their name.
  const addresses = await db.query<{ address: string }>(
    `SELECT lower(email_address) AS address FROM participant_emails WHERE pax_id = $1
     UNION SELECT lower(email_address) FROM email_confirmations WHERE pax_id = $1
     UNION SELECT phone FROM participant_phones WHERE pax_id = $1
     UNION SELECT lower($2::text)`,
    [paxId, username],
  );
  const known = addresses.rows.map((r) => r.address);
  await db.query('DELETE FROM outbox WHERE pax_id = $1 OR lower(recipient) = ANY($2::text[])', [paxId, known]);
  await db.query('DELETE FROM login_failures WHERE key = ANY($1::text[])', [known.map((a) => `account:${a}`)]);
  // Their sessions end (and any impersonation of them, or by them); live tickets belong to sessions.
  const sessions = await db.query<{ token_hash: Buffer }>('DELETE FROM sessions WHERE pax_id = $1 OR admin_pax_id = $1 RETURNING token_hash', [paxId]);
  const endedSessions = sessions.rows.map((r) => r.token_hash);
  await db.query('DELETE FROM live_tickets WHERE token_hash = ANY($1::bytea[])', [endedSessions]);
  await db.query('DELETE FROM password_resets WHERE pax_id = $1', [paxId]);
  await db.query('DELETE FROM email_confirmations WHERE pax_id = $1', [paxId]);
  await db.query('DELETE FROM participant_emails WHERE pax_id = $1', [paxId]);
  await db.query('DELETE FROM participant_phones WHERE pax_id = $1', [paxId]);
  await db.query('DELETE FROM member_live_messages WHERE pax_id = $1', [paxId]);
  // The audit trail keeps what was done, by whom and when; the values changed were the member's.
  await db.query('UPDATE config_audit SET before = NULL, after = NULL WHERE entity = ANY($1::text[]) AND entity_id = $2', [
    [CONTACTS_ENTITY, PROFILE_ENTITY],
    String(paxId),
  ]);
  // The personal fields of their events, in the log and in every copy of it, now read as erased.
  await destroyMemberKey(db, paxId, erasedAt);
  // The row stays (its id keeps the ledger's facts joined to someone), blank; an empty hash verifies no password.
  await db.query(
    `UPDATE participants SET first_name = '', last_name = '', username = $2, password_hash = '', postal_code = NULL, date_of_birth = NULL,
       ref_code = NULL, welcome_category_code = NULL WHERE pax_id = $1`,
    [paxId, erasedUsername(paxId)],
  );
  return { erased: true, endedSessions };
}
