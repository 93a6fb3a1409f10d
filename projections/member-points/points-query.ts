import type pg from 'pg';

export interface PointsSummary {
  balance: number;
  pending: number;
  expiring: { amount: number; expirationDate: string }[];
}

/**
 * What is left in a member's lots per expiration date, soonest first. Lots whose date has passed but that the nightly
 * expiry job has not expired yet are overdue: they count in the read model's balance (no PointsExpired yet) but
 * cannot be redeemed (spendableLots), so what the member is shown — GET /points and live messages alike — leaves them out.
 */
async function remainingByDate(pool: pg.Pool, paxId: number): Promise<{ expirationDate: string; amount: number }[]> {
  const r = await pool.query<{ amount: string; expiration_date: string }>(
    `SELECT sum(remaining) AS amount, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date FROM rm_point_lots
     WHERE pax_id = $1 AND remaining > 0 GROUP BY expiration_date ORDER BY expiration_date`,
    [paxId],
  );
  return r.rows.map((l) => ({ amount: Number(l.amount), expirationDate: l.expiration_date }));
}

/** Split at today: lots past their date are overdue (not spendable), the next `maxDates` dates are what expires next. */
const splitAt = (byDate: { expirationDate: string; amount: number }[], today: string, maxDates: number) => ({
  overdue: byDate.filter((l) => l.expirationDate < today).reduce((n, l) => n + l.amount, 0),
  expiring: byDate.filter((l) => l.expirationDate >= today).slice(0, maxDates),
});

/** A live `points` message as the member may see it today: the balance without overdue lots (never below 0). */
export async function spendablePointsMessage(pool: pg.Pool, paxId: number, data: unknown, today: string): Promise<unknown> {
  const message = data as { balance?: unknown };
  if (typeof message.balance !== 'number') return data;
  const { overdue } = splitAt(await remainingByDate(pool, paxId), today, 0);
  return { ...message, balance: Math.max(0, message.balance - overdue) };
}

/** The member's points as CONTRACT.md shapes them: the spendable balance, pending, expiring amounts soonest first. */
export async function pointsSummary(pool: pg.Pool, paxId: number, today: string, maxDates = 3): Promise<PointsSummary> {
  const [totals, byDate] = await Promise.all([
    pool.query<{ balance: string; pending: string }>('SELECT balance, pending FROM rm_member_points WHERE pax_id = $1', [paxId]),
    remainingByDate(pool, paxId),
  ]);
  const row = totals.rows[0];
  const { overdue, expiring } = splitAt(byDate, today, maxDates);
  return {
    balance: row ? Math.max(0, Number(row.balance) - overdue) : 0,
    pending: row ? Number(row.pending) : 0,
    expiring,
  };
}
