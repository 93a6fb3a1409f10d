import type { AccessEntry } from '../../event-schemas/contract/participants';
import type pg from 'pg';

/** GET /admin/participants/{paxId}/access-log answers the contract's entries (event-schemas/contract/participants.ts). */
export type AccessLogEntry = AccessEntry;

interface Row {
  admin_id: string;
  impersonating: boolean;
  action: string;
  occurred_at: Date;
  first_name: string | null;
  last_name: string | null;
}

/** Who looked at `paxId`'s data, newest first (one index range: `member_access_log_newest`); `size: null` reads it all (the export). */
export async function readAccessLog(db: pg.Pool, paxId: number, page: { page: number; size: number | null }): Promise<AccessLogEntry[]> {
  const r = await db.query<Row>(
    `SELECT l.admin_id, l.impersonating, l.action, l.occurred_at, a.first_name, a.last_name
       FROM member_access_log l LEFT JOIN participants a ON a.pax_id = l.admin_id
      WHERE l.pax_id = $1 ORDER BY l.occurred_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [paxId, page.size, page.size === null ? 0 : page.page * page.size],
  );
  return r.rows.map((row) => ({
    actor: {
      kind: row.impersonating ? 'admin-as-participant' : 'admin',
      adminId: Number(row.admin_id),
      ...(row.impersonating ? { paxId } : {}),
      name: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    },
    action: row.action,
    occurredAt: row.occurred_at.toISOString(),
  }));
}

export async function countAccessLog(db: pg.Pool, paxId: number): Promise<number> {
  const r = await db.query<{ total: string }>('SELECT count(*) AS total FROM member_access_log WHERE pax_id = $1', [paxId]);
  return Number(r.rows[0]?.total ?? 0);
}
