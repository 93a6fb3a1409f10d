import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange } from '../db/config-audit';

/** The audit trail's entity for a member's phones and e-mail addresses (one trail per member). */
export const CONTACTS_ENTITY = 'participant-contacts';

export interface Contacts {
  phones: { phone: string; preferred: 'Y' | 'N' }[];
  emails: { emailAddress: string; preferred: 'Y' | 'N' }[];
}

export async function contactsOf(db: pg.Pool | pg.PoolClient, paxId: number): Promise<Contacts> {
  const [phones, emails] = await Promise.all([
    db.query<{ phone: string; preferred: 'Y' | 'N' }>('SELECT phone, preferred FROM participant_phones WHERE pax_id = $1 ORDER BY id', [paxId]),
    db.query<{ email_address: string; preferred: 'Y' | 'N' }>('SELECT email_address, preferred FROM participant_emails WHERE pax_id = $1 ORDER BY id', [paxId]),
  ]);
  return { phones: phones.rows, emails: emails.rows.map((e) => ({ emailAddress: e.email_address, preferred: e.preferred })) };
}

/**
 * Runs one change of a member's contacts in one transaction: the member's row is locked first (two changes at once
 * take turns), and the contacts before and after are written to the audit trail with who did it (an admin
 * impersonating the member is named with them).
 */
export async function changeContacts<T>(
  pool: pg.Pool,
  paxId: number,
  action: string,
  actor: Actor,
  change: (db: pg.PoolClient) => Promise<T>,
): Promise<{ result: T; after: Contacts }> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('SELECT 1 FROM participants WHERE pax_id = $1 FOR UPDATE', [paxId]);
    const before = await contactsOf(db, paxId);
    const result = await change(db);
    const after = await contactsOf(db, paxId);
    await auditConfigChange(db, { entity: CONTACTS_ENTITY, entityId: paxId, action, actor, before, after });
    await db.query('COMMIT');
    return { result, after };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** Exactly one preferred entry while any is left: the given one, else the one already preferred, else the oldest. */
export async function keepOnePreferred(
  db: pg.PoolClient,
  table: 'participant_phones' | 'participant_emails',
  paxId: number,
  preferredId?: number,
): Promise<void> {
  const pick =
    preferredId ??
    (await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE pax_id = $1 ORDER BY (preferred = 'Y') DESC, id LIMIT 1`, [paxId])).rows[0]?.id;
  if (pick === undefined) return;
  await db.query(`UPDATE ${table} SET preferred = CASE WHEN id = $2 THEN 'Y' ELSE 'N' END WHERE pax_id = $1`, [paxId, pick]);
}
