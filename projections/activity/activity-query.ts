import type pg from 'pg';
import type { ActivityPage } from '../../event-schemas/contract/activity';
import { EXPIRED_DESCRIPTION } from './activity.projection';
import { HEADER_COLUMNS, toHeader } from './activity-rows';

export type { ActivityPage };

/**
 * A member's lots past their date that the nightly expiry has not expired yet, as the POINTS EXPIRED rows it will
 * write (same id, date and amount). GET /points already leaves them out of the balance (points-query.ts), so without
 * them the activity would not add up to the balance for up to a day. A row the activity already holds is not repeated
 * (the two read models catch up separately). `$1` is the member, `$2`/`$3` the date range, `$4` today.
 */
const OVERDUE_LOTS = `
  SELECT 'expired-' || l.lot_id AS id, l.pax_id, 'POINTS EXPIRED' AS activity_type, l.expiration_date AS activity_date, -l.remaining AS points,
         '${EXPIRED_DESCRIPTION}' AS description, 0::numeric AS position_major, 0::numeric AS position_minor
    FROM rm_point_lots l
   WHERE l.pax_id = $1 AND l.remaining > 0 AND l.expiration_date < $4::date
     AND ($2::date IS NULL OR l.expiration_date >= $2) AND ($3::date IS NULL OR l.expiration_date <= $3)
     AND NOT EXISTS (SELECT 1 FROM rm_activity x WHERE x.id = 'expired-' || l.lot_id)`;

const STORED = `
  SELECT id, pax_id, activity_type, activity_date, points, description, position_major, position_minor
    FROM rm_activity WHERE pax_id = $1 AND ($2::date IS NULL OR activity_date >= $2) AND ($3::date IS NULL OR activity_date <= $3)`;

/**
 * One page of a member's headers, newest first, within an optional date range (inclusive), with the points that
 * became overdue today or earlier: read whole, the rows other than TREATMENT PENDING add up to the balance.
 */
export async function activityHeaders(
  pool: pg.Pool,
  paxId: number,
  range: { start?: string; end?: string },
  page: number,
  size: number,
  today: string,
): Promise<ActivityPage> {
  const args = [paxId, range.start ?? null, range.end ?? null, today, size, page * size];
  // One statement, so the page and the count come from one snapshot: two queries could count a row the page had not
  // seen yet (a page of none with a total of one). A page past the end still answers the total, on a row of nulls.
  const r = await pool.query<Parameters<typeof toHeader>[0] & { total: string }>(
    `WITH a AS (${STORED} UNION ALL ${OVERDUE_LOTS}),
          p AS (SELECT * FROM a ORDER BY a.activity_date DESC, a.position_major DESC, a.position_minor DESC, a.id LIMIT $5 OFFSET $6)
     SELECT ${HEADER_COLUMNS}, c.total
       FROM (SELECT count(*) AS total FROM a) c LEFT JOIN p ON true
      ORDER BY p.activity_date DESC, p.position_major DESC, p.position_minor DESC, p.id`,
    args,
  );
  const rows = r.rows.filter((row) => row.id !== null);
  return { items: rows.map(toHeader), page, size, totalElements: Number(r.rows[0]?.total ?? 0) };
}

/** The detail behind a header's detailUrl, with the header's own fields, or undefined for another member's id. */
export async function activityDetail(pool: pg.Pool, paxId: number, id: string, today: string): Promise<Record<string, unknown> | undefined> {
  const r = await pool.query(`SELECT ${HEADER_COLUMNS}, detail FROM rm_activity WHERE id = $1 AND pax_id = $2`, [id, paxId]);
  const row = r.rows[0];
  if (row) return { ...toHeader(row), ...(row.detail as Record<string, unknown>) };
  if (!id.startsWith('expired-')) return undefined;
  // An overdue lot the nightly job has not expired yet: the same detail its row will have.
  const lot = await pool.query(`SELECT ${HEADER_COLUMNS} FROM (${OVERDUE_LOTS}) a WHERE a.id = $5`, [paxId, null, null, today, id]);
  const overdue = lot.rows[0];
  if (!overdue) return undefined;
  const header = toHeader(overdue);
  return { ...header, lotId: id.slice('expired-'.length), amount: -header.points, expirationDate: header.activityDate };
}
