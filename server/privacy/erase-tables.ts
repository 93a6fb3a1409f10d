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
  const { endedSessions } = await blankPersonalData(db, paxId, erasedAt, (marked.rows[0] as { username: string }).username);
  return { erased: true, endedSessions };
}

/**
 * Everything eraseFromTables does after marking the row, for a participant whose row may already be marked: what a
 * restored backup brought back is removed again (server/privacy/reapply-erasures.ts). Answers how many rows it
 * changed (0 when there was nothing left to erase) and the sessions it ended.
 */
export async function blankPersonalData(
  db: pg.PoolClient,
  paxId: number,
  erasedAt: Date,
  username: string,
): Promise<{ changed: number; endedSessions: Buffer[] }> {
  let changed = 0;
  const run = async (sql: string, params: unknown[]) => {
    const r = await db.query(sql, params);
    changed += r.rowCount ?? 0;
    return r;
  };
  // Every address and number the member had, confirmed or pending, and those they had once and removed (their contacts'
  // audit trail holds each before and after, until it is blanked below): mail to them goes, and so do the sign-in
  // throttle's counts under each (a failed sign-in under an address since replaced stayed there, issue 54).
  const addresses = await db.query<{ address: string }>(
    `SELECT lower(email_address) AS address FROM participant_emails WHERE pax_id = $1
     UNION SELECT lower(email_address) FROM email_confirmations WHERE pax_id = $1
     UNION SELECT phone FROM participant_phones WHERE pax_id = $1
     UNION SELECT lower($2::text)
     UNION SELECT lower(x #>> '{}') FROM config_audit a,
       jsonb_path_query(jsonb_build_array(a.before, a.after), '$[*].emails[*].emailAddress') x WHERE a.entity = $3 AND a.entity_id = $4
     UNION SELECT x #>> '{}' FROM config_audit a,
       jsonb_path_query(jsonb_build_array(a.before, a.after), '$[*].phones[*].phone') x WHERE a.entity = $3 AND a.entity_id = $4`,
    [paxId, username, CONTACTS_ENTITY, String(paxId)],
  );
  const known = addresses.rows.map((r) => r.address);
  await run('DELETE FROM outbox WHERE pax_id = $1 OR lower(recipient) = ANY($2::text[])', [paxId, known]);
  await run('DELETE FROM login_failures WHERE key = ANY($1::text[])', [known.map((a) => `account:${a}`)]);
  // Their sessions end (and any impersonation of them, or by them); live tickets belong to sessions.
  const sessions = await run('DELETE FROM sessions WHERE pax_id = $1 OR admin_pax_id = $1 RETURNING token_hash', [paxId]);
  const endedSessions = (sessions.rows as { token_hash: Buffer }[]).map((r) => r.token_hash);
  await run('DELETE FROM live_tickets WHERE token_hash = ANY($1::bytea[])', [endedSessions]);
  await run('DELETE FROM password_resets WHERE pax_id = $1', [paxId]);
  await run('DELETE FROM email_confirmations WHERE pax_id = $1', [paxId]);
  await run('DELETE FROM participant_emails WHERE pax_id = $1', [paxId]);
  await run('DELETE FROM participant_phones WHERE pax_id = $1', [paxId]);
  // Their live messages, and another member's that name them: a gift sent to them carries their name and address in
  // its sender's certificate messages for the reconnect window.
  await run(`DELETE FROM member_live_messages WHERE pax_id = $1 OR lower(data #>> '{gift,recipientEmail}') = ANY($2::text[])`, [paxId, known]);
  // The audit trail keeps what was done, by whom and when; the values changed were the member's.
  await run(
    'UPDATE config_audit SET before = NULL, after = NULL WHERE entity = ANY($1::text[]) AND entity_id = $2 AND (before IS NOT NULL OR after IS NOT NULL)',
    [[CONTACTS_ENTITY, PROFILE_ENTITY], String(paxId)],
  );
  // The personal fields of their events, in the log and in every copy of it, now read as erased.
  if (await destroyMemberKey(db, paxId, erasedAt)) changed += 1;
  // The row stays (its id keeps the ledger's facts joined to someone), blank; an empty hash verifies no password.
  await run(
    `UPDATE participants SET first_name = '', last_name = '', username = $2, password_hash = '', postal_code = NULL, date_of_birth = NULL,
       ref_code = NULL, welcome_category_code = NULL
     WHERE pax_id = $1 AND (first_name <> '' OR last_name <> '' OR username <> $2 OR password_hash <> '' OR postal_code IS NOT NULL
       OR date_of_birth IS NOT NULL OR ref_code IS NOT NULL OR welcome_category_code IS NOT NULL)`,
    [paxId, erasedUsername(paxId)],
  );
  return { changed, endedSessions };
}
