import type pg from 'pg';
import type { Liability } from '../../event-schemas/contract/programme-reports';

/**
 * The liability at the end of programme day `asOf`: the dated totals up to it. Each sum reads at most one row per day
 * and expiry month (or category, or measure) ever seen, however many members the programme has.
 * `pointValue` turns points into dollars at the rate a redemption pays.
 * This is the points side; what practices are owed is the practice statements' (statement-query.ts).
 */
export async function liabilityAsOf(pool: pg.Pool, asOf: string, pointValue: (points: number) => number): Promise<Omit<Liability, 'practiceCertificates'>> {
  const [months, holders, certificates] = await Promise.all([
    pool.query<{ month: string; points: string }>(
      `SELECT expiry_month AS month, sum(points) AS points FROM rm_report_expiry_daily WHERE day <= $1::date
       GROUP BY expiry_month HAVING sum(points) <> 0 ORDER BY expiry_month COLLATE "C"`,
      [asOf],
    ),
    pool.query<{ members: string | null }>(`SELECT sum(amount) AS members FROM rm_report_daily WHERE measure = 'holders' AND day <= $1::date`, [asOf]),
    pool.query<{ category: string; count: string; cents: string }>(
      `SELECT category, sum(count) AS count, sum(cents) AS cents FROM rm_report_certificate_daily WHERE day <= $1::date
       GROUP BY category HAVING sum(count) <> 0 ORDER BY category COLLATE "C"`,
      [asOf],
    ),
  ]);
  const byExpiryMonth = months.rows.map((r) => ({ month: r.month, points: Number(r.points) }));
  const outstandingPoints = byExpiryMonth.reduce((sum, m) => sum + m.points, 0);
  return {
    asOf,
    outstandingPoints,
    outstandingValue: pointValue(outstandingPoints),
    members: Number(holders.rows[0]?.members ?? 0),
    byExpiryMonth,
    certificates: certificates.rows.map((r) => ({ category: r.category, count: Number(r.count), value: Number(r.cents) / 100 })),
  };
}

export type { Liability };
