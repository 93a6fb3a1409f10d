import type pg from 'pg';
import type { ProgrammeSummary } from '../../event-schemas/contract/programme-reports';

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/**
 * Breakage and redemption rate from the dated flows of `from`..`to`, and the members as of the end of `to`: enrolled
 * by then (`enrolledBy`, the instant that day ends), and active (earned, redeemed or spent points) in its last 90 days.
 */
export async function programmeSummary(pool: pg.Pool, from: string, to: string, enrolledBy: Date): Promise<ProgrammeSummary> {
  const [flows, active, enrolled] = await Promise.all([
    pool.query<{ measure: string; amount: string }>(
      `SELECT CASE WHEN measure LIKE 'earned:%' THEN 'earned' ELSE measure END AS measure, sum(amount) AS amount FROM rm_report_daily
       WHERE measure <> 'holders' AND measure <> 'active' AND day BETWEEN $1::date AND $2::date GROUP BY 1`,
      [from, to],
    ),
    pool.query<{ n: string | null }>(`SELECT sum(amount) AS n FROM rm_report_daily WHERE measure = 'active' AND day <= $1::date`, [to]),
    pool.query<{ n: string }>('SELECT count(*) AS n FROM participants WHERE NOT is_admin AND created_at <= $1', [enrolledBy]),
  ]);
  const total = (measure: string) => Number(flows.rows.find((r) => r.measure === measure)?.amount ?? 0);
  const earned = total('earned');
  return {
    from,
    to,
    earned,
    redeemed: total('redeemed'),
    spent: total('spent'),
    expired: total('expired'),
    forfeited: total('forfeited'),
    breakageRate: rate(total('expired'), earned),
    redemptionRate: rate(total('redeemed') + total('spent'), earned),
    membersEnrolled: Number(enrolled.rows[0].n),
    membersActive90Days: Number(active.rows[0].n ?? 0),
  };
}

export type { ProgrammeSummary };
