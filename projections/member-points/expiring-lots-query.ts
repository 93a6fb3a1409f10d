import type pg from 'pg';
import type { ExpiringLot, ExpiringLots } from '../../event-schemas/contract/programme-reports';

/** The drill-down's answer is the contract's (event-schemas/contract/programme-reports.ts). */
export type { ExpiringLot, ExpiringLots };

/**
 * The lots with points left that expire in `month` (`YYYY-MM`), as they stand now, with their members: the drill-down
 * behind a month of the expiry ladder. Both reads walk the partial index of unspent lots by date, only that month's.
 */
export async function expiringLots(pool: pg.Pool, month: string, limit: number): Promise<ExpiringLots> {
  const range = [`${month}-01`];
  const [totals, rows] = await Promise.all([
    pool.query<{ points: string | null; members: string }>(
      `SELECT sum(remaining) AS points, count(DISTINCT pax_id) AS members FROM rm_point_lots
       WHERE remaining > 0 AND expiration_date >= $1::date AND expiration_date < ($1::date + interval '1 month')`,
      range,
    ),
    pool.query<{ pax_id: string; name: string | null; lot_id: string; remaining: string; expiration_date: string; source: string; awarded_at: Date }>(
      `SELECT l.pax_id, p.first_name || ' ' || p.last_name AS name, l.lot_id, l.remaining, to_char(l.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              l.source, l.awarded_at
       FROM rm_point_lots l LEFT JOIN participants p ON p.pax_id = l.pax_id
       WHERE l.remaining > 0 AND l.expiration_date >= $1::date AND l.expiration_date < ($1::date + interval '1 month')
       ORDER BY l.expiration_date, l.pax_id, l.lot_id LIMIT $2`,
      [...range, limit + 1],
    ),
  ]);
  return {
    month,
    points: Number(totals.rows[0].points ?? 0),
    members: Number(totals.rows[0].members),
    lots: rows.rows.slice(0, limit).map((r) => ({
      paxId: Number(r.pax_id),
      memberName: r.name ?? `Member ${r.pax_id}`,
      lotId: r.lot_id,
      points: Number(r.remaining),
      expirationDate: r.expiration_date,
      source: r.source,
      awardedAt: r.awarded_at.toISOString(),
    })),
    truncated: rows.rows.length > limit,
  };
}
