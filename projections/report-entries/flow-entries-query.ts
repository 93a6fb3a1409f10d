import type pg from 'pg';
import type { FlowEntry, FlowMeasure } from '../../event-schemas/contract/programme-reports';
import { formatPosition } from '../../event-schemas/store/position';

/** The ledger event each measure's rows come from. */
const EVENT_OF: Record<FlowMeasure, string> = {
  earned: 'PointsAwarded',
  redeemed: 'PointsRedeemed',
  spent: 'GiftCertificatesPurchased',
  expired: 'PointsExpired',
  forfeited: 'PointsForfeited',
};

/** A page of the entries, before names are added. */
export interface FlowEntriesPage {
  items: Omit<FlowEntry, 'name'>[];
  totalElements: number;
  totalPoints: number;
}

/**
 * The ledger events behind a points-flow figure: `measure` (earned narrowed to `sources`, all of them by default) on
 * the programme days `from` to `to`, in day and log order, page `page` of `size`. The totals cover every page and equal
 * the figure. Both reads walk the primary key's (measure, day) range, one range per measure.
 */
export async function flowEntries(
  pool: pg.Pool,
  q: { measure: FlowMeasure; sources: readonly string[]; from: string; to: string; page: number; size: number },
): Promise<FlowEntriesPage> {
  const measures = q.measure === 'earned' ? q.sources.map((s) => `earned:${s}`) : [q.measure];
  const where = `measure = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date`;
  const [totals, rows] = await Promise.all([
    pool.query<{ n: string; points: string | null }>(`SELECT count(*) AS n, sum(points) AS points FROM rm_report_point_entries WHERE ${where}`, [
      measures,
      q.from,
      q.to,
    ]),
    pool.query<{ pax_id: string; day: string; points: string; pos_major: string; pos_minor: string }>(
      `SELECT pax_id, to_char(day, 'YYYY-MM-DD') AS day, points, pos_major, pos_minor FROM rm_report_point_entries WHERE ${where}
       ORDER BY day, pos_major, pos_minor LIMIT $4 OFFSET $5`,
      [measures, q.from, q.to, q.size, q.page * q.size],
    ),
  ]);
  return {
    items: rows.rows.map((r) => ({
      paxId: Number(r.pax_id),
      day: r.day,
      points: Number(r.points),
      eventType: EVENT_OF[q.measure],
      position: formatPosition({ major: BigInt(r.pos_major), minor: BigInt(r.pos_minor) }),
    })),
    totalElements: Number(totals.rows[0].n),
    totalPoints: Number(totals.rows[0].points ?? 0),
  };
}
