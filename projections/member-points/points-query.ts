import type { PointsSummary } from '../../event-schemas/contract/participants';
import type pg from 'pg';

/** GET /participants/{paxId}/points answers the contract's summary (event-schemas/contract/participants.ts). */
export type { PointsSummary };

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

/**
 * Split at today: lots past their date are overdue (not spendable); every other point left is expiring on its lot's
 * date, all of them, so the list adds up to the balance. Issue 54, item 7: the list stopped at the next three dates
 * (810 of the demo member's 1,065 points) while the admin expiry ladder, which reads the same lots, placed them all.
 */
const splitAt = (byDate: { expirationDate: string; amount: number }[], today: string) => ({
  overdue: byDate.filter((l) => l.expirationDate < today).reduce((n, l) => n + l.amount, 0),
  expiring: byDate.filter((l) => l.expirationDate >= today),
});

type Message = { paxId: number; kind: string; data: unknown };
const hasBalance = (m: { kind: string; data: unknown }) => m.kind === 'points' && typeof (m.data as { balance?: unknown } | null)?.balance === 'number';

/**
 * Live `points` messages of any members as they may see them today: the balance without overdue lots (spendableOf).
 * One query for all of them, none when no message carries a balance: the hub presents a whole read of messages at once.
 */
export async function spendablePointsMessages(pool: pg.Pool, messages: Message[], today: string): Promise<unknown[]> {
  const paxIds = [...new Set(messages.filter(hasBalance).map((m) => m.paxId))];
  if (paxIds.length === 0) return messages.map((m) => m.data);
  return withoutOverdue(messages, await overduePoints(pool, paxIds, today));
}

/** The overdue points of these members today (those with none are left out). */
async function overduePoints(pool: pg.Pool, paxIds: number[], today: string): Promise<Map<number, number>> {
  const r = await pool.query<{ pax_id: string; overdue: string | null }>(
    `SELECT u.pax_id, (${overduePointsOf(2)}) AS overdue FROM unnest($1::bigint[]) AS u(pax_id)`,
    [paxIds, today],
  );
  return new Map(r.rows.filter((row) => row.overdue !== null).map((row) => [Number(row.pax_id), Number(row.overdue)]));
}

/**
 * The overdue points of the member `u.pax_id` of an enclosing query (NULL for none), today being parameter `$first`:
 * the live hub reads it in the same query as the member's new messages.
 */
export const overduePointsOf = (first: number): string =>
  `SELECT sum(remaining) FROM rm_point_lots l WHERE l.pax_id = u.pax_id AND l.remaining > 0 AND l.expiration_date < $${first}::date`;

/**
 * The messages' data with each balance less its member's overdue points: a number, or the text or NULL of the
 * `overduePointsOf` subquery (the hub hands the facts of a whole batch and presents one member at a time from them).
 */
export function withoutOverdue(messages: Message[], overdue: { get(paxId: number): unknown }): unknown[] {
  return messages.map((m) => {
    if (!hasBalance(m)) return m.data;
    const data = m.data as { balance: number };
    return { ...data, balance: spendableOf(data.balance, Number(overdue.get(m.paxId) ?? 0)) };
  });
}

/**
 * The balance less lots already overdue, never below 0 on their account. A balance below 0 is what a voided treatment
 * left owed (no lot holds anything then) and is shown as it is, not clamped.
 */
const spendableOf = (balance: number, overdue: number): number => (balance < 0 ? balance : Math.max(0, balance - overdue));

/** The member's points as CONTRACT.md shapes them: the spendable balance, pending, and every expiring amount soonest first. */
export async function pointsSummary(pool: pg.Pool, paxId: number, today: string): Promise<PointsSummary> {
  const [totals, byDate] = await Promise.all([
    pool.query<{ balance: string; pending: string }>('SELECT balance, pending FROM rm_member_points WHERE pax_id = $1', [paxId]),
    remainingByDate(pool, paxId),
  ]);
  const row = totals.rows[0];
  const { overdue, expiring } = splitAt(byDate, today);
  return {
    balance: row ? spendableOf(Number(row.balance), overdue) : 0,
    pending: row ? Number(row.pending) : 0,
    expiring,
  };
}
