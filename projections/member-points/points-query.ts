import type pg from 'pg';

export interface PointsSummary {
  balance: number;
  pending: number;
  expiring: { amount: number; expirationDate: string }[];
}

/** The member's points as CONTRACT.md shapes them: expiring amounts grouped by date, soonest first. */
export async function pointsSummary(pool: pg.Pool, paxId: number, today: string, maxDates = 3): Promise<PointsSummary> {
  const [totals, lots] = await Promise.all([
    pool.query<{ balance: string; pending: string }>('SELECT balance, pending FROM rm_member_points WHERE pax_id = $1', [paxId]),
    pool.query<{ amount: string; expiration_date: string }>(
      `SELECT sum(remaining) AS amount, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date FROM rm_point_lots
       WHERE pax_id = $1 AND remaining > 0 AND expiration_date >= $2 GROUP BY expiration_date ORDER BY expiration_date LIMIT $3`,
      [paxId, today, maxDates],
    ),
  ]);
  const row = totals.rows[0];
  return {
    balance: row ? Number(row.balance) : 0,
    pending: row ? Number(row.pending) : 0,
    expiring: lots.rows.map((l) => ({ amount: Number(l.amount), expirationDate: l.expiration_date })),
  };
}
