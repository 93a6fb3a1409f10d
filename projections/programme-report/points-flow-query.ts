import type pg from 'pg';
import { addDays, addMonths, periodKey, startOfMonth } from '../../event-schemas/calendar';
import type { FlowItem } from '../../event-schemas/contract/programme-reports';
import { AwardSource } from '../../event-schemas/points-awarded';

export type FlowInterval = 'day' | 'month';

const SOURCES = Object.keys(AwardSource.keys) as AwardSource[];

const emptyItem = (period: string): FlowItem => ({
  period,
  earned: { total: 0, bySource: Object.fromEntries(SOURCES.map((s) => [s, 0])) as Record<AwardSource, number> },
  redeemed: 0,
  spent: 0,
  expired: 0,
  forfeited: 0,
  reversed: 0,
});

const SPENDING_MEASURES = new Set(['redeemed', 'spent', 'expired', 'forfeited', 'reversed']);
const isSpending = (m: string): m is 'redeemed' | 'spent' | 'expired' | 'forfeited' | 'reversed' => SPENDING_MEASURES.has(m);

/** Every period from `from` to `to` (days `YYYY-MM-DD` or months `YYYY-MM`), so a chart has no gaps. */
export function periodsBetween(from: string, to: string, interval: FlowInterval): string[] {
  const periods: string[] = [];
  const last = interval === 'day' ? to : periodKey(to);
  let day = interval === 'day' ? from : startOfMonth(from);
  for (;;) {
    const period = interval === 'day' ? day : periodKey(day);
    if (period > last) return periods;
    periods.push(period);
    day = interval === 'day' ? addDays(day, 1) : addMonths(day, 1);
  }
}

/**
 * Points earned (by source), redeemed, spent on gifts, expired and forfeited on the programme days from `from` to
 * `to`, by day or month. Reads the dated totals of those days only (one row per measure and day, by primary key).
 * Forfeited is what erasures took (PointsForfeited); reversed, what voided treatments took back (PointsReversed).
 */
export async function pointsFlow(pool: pg.Pool, from: string, to: string, interval: FlowInterval): Promise<FlowItem[]> {
  const r = await pool.query<{ measure: string; period: string; amount: string }>(
    `SELECT measure, to_char(day, $3) AS period, sum(amount) AS amount FROM rm_report_daily
     WHERE measure <> 'holders' AND measure <> 'active' AND day BETWEEN $1::date AND $2::date GROUP BY 1, 2`,
    [from, to, interval === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  const items = new Map(periodsBetween(from, to, interval).map((p) => [p, emptyItem(p)]));
  for (const row of r.rows) {
    const item = items.get(row.period);
    if (!item) continue;
    const amount = Number(row.amount);
    if (row.measure.startsWith('earned:')) {
      const source = row.measure.slice('earned:'.length) as AwardSource;
      item.earned.bySource[source] = (item.earned.bySource[source] ?? 0) + amount;
      item.earned.total += amount;
    } else if (isSpending(row.measure)) item[row.measure] += amount;
  }
  return [...items.values()];
}

export type { FlowItem };
