import type { AccessEntry } from '../../event-schemas/contract/participants';
import type pg from 'pg';

/** GET /admin/participants/{paxId}/access-log answers the contract's entries (event-schemas/contract/participants.ts). */
export type AccessLogEntry = AccessEntry;

interface Row {
  admin_id: string | null;
  practice_id: string | null;
  practice_user_id: string | null;
  practice_name: string | null;
  staff_name: string | null;
  impersonating: boolean;
  action: string;
  occurred_at: Date;
  first_name: string | null;
  last_name: string | null;
}

/** Who looked at `paxId`'s data, newest first (one index range: `member_access_log_newest`); `size: null` reads it all (the export). */
export async function readAccessLog(db: pg.Pool, paxId: number, page: { page: number; size: number | null }): Promise<AccessLogEntry[]> {
  const r = await db.query<Row>(
    `SELECT l.admin_id, l.impersonating, l.action, l.occurred_at, a.first_name, a.last_name, l.practice_id, l.practice_user_id,
            pr.name AS practice_name, nullif(trim(u.first_name || ' ' || u.last_name), '') AS staff_name
       FROM member_access_log l LEFT JOIN participants a ON a.pax_id = l.admin_id
            LEFT JOIN practices pr ON pr.practice_id = l.practice_id LEFT JOIN practice_users u ON u.user_id = l.practice_user_id
      WHERE l.pax_id = $1 ORDER BY l.occurred_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [paxId, page.size, page.size === null ? 0 : page.page * page.size],
  );
  return r.rows.map((row) => ({
    actor:
      row.practice_id !== null
        ? practiceReader(row)
        : {
            kind: row.impersonating ? 'admin-as-participant' : 'admin',
            adminId: Number(row.admin_id),
            ...(row.impersonating ? { paxId } : {}),
            name: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
          },
    action: row.action,
    occurredAt: row.occurred_at.toISOString(),
  }));
}

/** A practice's read: the practice, and the staff member who made it (none through an API key). */
const practiceReader = (row: Row): AccessLogEntry['actor'] => ({
  kind: 'practice',
  practiceId: Number(row.practice_id),
  ...(row.practice_user_id === null ? {} : { userId: Number(row.practice_user_id) }),
  name: [row.staff_name, row.practice_name].filter(Boolean).join(', ') || null,
});

export async function countAccessLog(db: pg.Pool, paxId: number): Promise<number> {
  const r = await db.query<{ total: string }>('SELECT count(*) AS total FROM member_access_log WHERE pax_id = $1', [paxId]);
  return Number(r.rows[0]?.total ?? 0);
}
