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
 * The ledger events behind a points-flow figure: `measure` (earned narrowed to `source` when given) on the programme
 * days `from` to `to`, in day and log order, page `page` of `size`. The totals cover every page and equal the figure.
 * Both reads walk the primary key's (measure, day) range; a page stops after its rows (a source's page skips the
 * other sources' rows on its way).
 */
export async function flowEntries(
  pool: pg.Pool,
  q: { measure: FlowMeasure; source: string | undefined; from: string; to: string; page: number; size: number },
): Promise<FlowEntriesPage> {
  const where = `e.measure = $1 AND e.day BETWEEN $2::date AND $3::date AND ($4::text IS NULL OR e.source = $4)`;
  const range = [q.measure, q.from, q.to, q.source ?? null];
  const [totals, rows] = await Promise.all([
    pool.query<{ n: string; points: string | null }>(`SELECT count(*) AS n, sum(e.points) AS points FROM rm_report_point_entries e WHERE ${where}`, range),
    pool.query<{ pax_id: string; day: string; points: string; pos_major: string; pos_minor: string }>(
      `SELECT e.pax_id, to_char(e.day, 'YYYY-MM-DD') AS day, e.points, e.pos_major, e.pos_minor FROM rm_report_point_entries e WHERE ${where}
       ORDER BY e.day, e.pos_major, e.pos_minor LIMIT $5 OFFSET $6`,
      [...range, q.size, q.page * q.size],
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
