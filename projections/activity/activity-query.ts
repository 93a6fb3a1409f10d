import type pg from 'pg';
import { HEADER_COLUMNS, toHeader, type ActivityHeader } from './activity-rows';

export interface ActivityPage {
  items: ActivityHeader[];
  page: number;
  size: number;
  totalElements: number;
}

/** One page of a member's headers, newest first, within an optional date range (inclusive). */
export async function activityHeaders(pool: pg.Pool, paxId: number, range: { start?: string; end?: string }, page: number, size: number): Promise<ActivityPage> {
  const filter = `pax_id = $1 AND ($2::date IS NULL OR activity_date >= $2) AND ($3::date IS NULL OR activity_date <= $3)`;
  const args = [paxId, range.start ?? null, range.end ?? null];
  const [rows, count] = await Promise.all([
    pool.query(`SELECT ${HEADER_COLUMNS} FROM rm_activity WHERE ${filter} ORDER BY activity_date DESC, position_major DESC, position_minor DESC LIMIT $4 OFFSET $5`, [
      ...args,
      size,
      page * size,
    ]),
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
