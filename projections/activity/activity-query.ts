import type pg from 'pg';
import { HEADER_COLUMNS, toHeader, type ActivityHeader } from './activity-rows';

export interface ActivityPage {
  items: ActivityHeader[];
  page: number;
  size: number;
  totalElements: number;
}

/** One page of a member's headers, newest first, within an optional date range (inclusive). */
export async function activityHeaders(
  pool: pg.Pool,
  paxId: number,
  range: { start?: string; end?: string },
  page: number,
  size: number,
): Promise<ActivityPage> {
  const filter = `pax_id = $1 AND ($2::date IS NULL OR activity_date >= $2) AND ($3::date IS NULL OR activity_date <= $3)`;
  const args = [paxId, range.start ?? null, range.end ?? null];
  const [rows, count] = await Promise.all([
    // ORDER BY names the table's column: a bare `activity_date` would mean HEADER_COLUMNS' text alias, which no index
    // serves, so every page would sort all of the member's rows.
    pool.query(
      `SELECT ${HEADER_COLUMNS} FROM rm_activity a WHERE ${filter} ORDER BY a.activity_date DESC, a.position_major DESC, a.position_minor DESC LIMIT $4 OFFSET $5`,
      [...args, size, page * size],
    ),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM rm_activity WHERE ${filter}`, args),
  ]);
  return { items: rows.rows.map(toHeader), page, size, totalElements: Number(count.rows[0].n) };
}

/** The detail behind a header's detailUrl, with the header's own fields, or undefined for another member's id. */
export async function activityDetail(pool: pg.Pool, paxId: number, id: string): Promise<Record<string, unknown> | undefined> {
  const r = await pool.query(`SELECT ${HEADER_COLUMNS}, detail FROM rm_activity WHERE id = $1 AND pax_id = $2`, [id, paxId]);
  const row = r.rows[0];
  if (!row) return undefined;
  return { ...toHeader(row), ...(row.detail as Record<string, unknown>) };
}
