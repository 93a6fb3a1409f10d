import type pg from 'pg';

export interface PointsSummary {
  balance: number;
  pending: number;
  expiring: { amount: number; expirationDate: string }[];
}

/**
 * Points still in lots whose expiration date has passed but that the nightly expiry job has not expired yet. They
 * count in the read model's balance (no PointsExpired yet) but cannot be redeemed (spendableLots), so what the member
 * is shown — GET /points and live `points` messages alike — leaves them out.
 */
export const OVERDUE_POINTS_SQL = `SELECT coalesce(sum(remaining), 0) AS overdue FROM rm_point_lots WHERE pax_id = $1 AND remaining > 0 AND expiration_date < $2`;

export async function overduePoints(pool: pg.Pool, paxId: number, today: string): Promise<number> {
  return Number((await pool.query<{ overdue: string }>(OVERDUE_POINTS_SQL, [paxId, today])).rows[0].overdue);
}

/** A live `points` message as the member may see it today: the balance without overdue lots (never below 0). */
export async function spendablePointsMessage(pool: pg.Pool, paxId: number, data: unknown, today: string): Promise<unknown> {
  const message = data as { balance?: unknown };
  if (typeof message.balance !== 'number') return data;
  return { ...message, balance: Math.max(0, message.balance - (await overduePoints(pool, paxId, today))) };
}

/** The member's points as CONTRACT.md shapes them: the spendable balance, pending, expiring amounts soonest first. */
export async function pointsSummary(pool: pg.Pool, paxId: number, today: string, maxDates = 3): Promise<PointsSummary> {
  const [totals, overdue, lots] = await Promise.all([
    pool.query<{ balance: string; pending: string }>('SELECT balance, pending FROM rm_member_points WHERE pax_id = $1', [paxId]),
    overduePoints(pool, paxId, today),
    pool.query<{ amount: string; expiration_date: string }>(
      `SELECT sum(remaining) AS amount, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date FROM rm_point_lots
       WHERE pax_id = $1 AND remaining > 0 AND expiration_date >= $2 GROUP BY expiration_date ORDER BY expiration_date LIMIT $3`,
      [paxId, today, maxDates],
    ),
  ]);
  const row = totals.rows[0];
  return {
    balance: row ? Math.max(0, Number(row.balance) - overdue) : 0,
    pending: row ? Number(row.pending) : 0,
    expiring: lots.rows.map((l) => ({ amount: Number(l.amount), expirationDate: l.expiration_date })),
  };
}
