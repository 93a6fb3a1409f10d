import type pg from 'pg';
import type { FlowEntry, FlowMeasure } from '../../event-schemas/contract/programme-reports';
import { addDays, endOfDateIn, ProgrammeDates } from '../../event-schemas/calendar';
import { formatPosition } from '../../event-schemas/store/position';

/** The ledger event each measure's rows come from. */
const EVENT_OF: Record<FlowMeasure, string> = {
  earned: 'PointsAwarded',
  redeemed: 'PointsRedeemed',
  spent: 'GiftCertificatesPurchased',
  expired: 'PointsExpired',
  forfeited: 'PointsForfeited',
  reversed: 'PointsReversed',
};

/** A page of the entries, before names are added. */
export interface FlowEntriesPage {
  items: Omit<FlowEntry, 'name'>[];
  totalElements: number;
  totalPoints: number;
}

export interface FlowEntriesQuery {
  measure: FlowMeasure;
  source: string | undefined;
  from: string;
  to: string;
  page: number;
  size: number;
  /** The programme's time zone: its days are the report's. */
  timeZone: string;
}

interface Totals {
  n: string;
  points: string | null;
}
interface Row {
  pax_id: string;
  points: string;
  pos_major: string;
  pos_minor: string;
}

/**
 * The ledger events behind a points-flow figure: `measure` (earned narrowed to `source` when given) on the programme
 * days `from` to `to`, page `page` of `size`. The totals cover every page and equal the figure.
 */
export const flowEntries = (pool: pg.Pool, q: FlowEntriesQuery): Promise<FlowEntriesPage> =>
  q.measure === 'earned' ? lotEntries(pool, q, AWARDS) : q.measure === 'expired' ? lotEntries(pool, q, EXPIRIES) : spendingEntries(pool, q);

const toItem = (measure: FlowMeasure, r: Row, day: string): Omit<FlowEntry, 'name'> => ({
  paxId: Number(r.pax_id),
  day,
  points: Number(r.points),
  eventType: EVENT_OF[measure],
  position: formatPosition({ major: BigInt(r.pos_major), minor: BigInt(r.pos_minor) }),
});

/** The columns of a lot that hold one of its events: the instant, the place in the log and the points. */
interface LotEvent {
  at: string;
  major: string;
  minor: string;
  points: string;
}
const AWARDS: LotEvent = { at: 'awarded_at', major: 'pos_major', minor: 'pos_minor', points: 'amount' };
const EXPIRIES: LotEvent = { at: 'expired_at', major: 'expired_pos_major', minor: 'expired_pos_minor', points: 'expired_points' };

/**
 * Awards and expiries are the member-points read model's lots: one per award, and a lot expires once (what was left of
 * it), keeping the expiry's instant and place in the log. Each is dated by the report's rule (the programme day of its
 * instant): the days are a range of instants, which the lots' award index (or their expired index) walks in log order
 * within an instant. The index holds the points and member (and an award's source), so neither the totals nor a page
 * reads the table.
 */
async function lotEntries(pool: pg.Pool, q: FlowEntriesQuery, c: LotEvent): Promise<FlowEntriesPage> {
  // From the first instant of `from` (the one after the day before it ends) to the last of `to`.
  const start = new Date(endOfDateIn(q.timeZone, addDays(q.from, -1)).getTime() + 1);
  const end = endOfDateIn(q.timeZone, q.to);
  // Only awards have a source (an expiry's figure is not split by it, and the expired index does not hold it).
  const where = `l.${c.at} BETWEEN $1 AND $2${c === AWARDS ? ' AND ($3::text IS NULL OR l.source = $3)' : ''}`;
  const range = c === AWARDS ? [start, end, q.source ?? null] : [start, end];
  const [totals, rows] = await Promise.all([
    pool.query<Totals>(`SELECT count(*) AS n, sum(l.${c.points}) AS points FROM rm_point_lots l WHERE ${where}`, range),
    pool.query<Row & { at: Date }>(
      `SELECT l.pax_id, l.${c.points} AS points, l.${c.major} AS pos_major, l.${c.minor} AS pos_minor, l.${c.at} AS at FROM rm_point_lots l WHERE ${where}
       ORDER BY l.${c.at}, l.${c.major}, l.${c.minor} LIMIT $${range.length + 1} OFFSET $${range.length + 2}`,
      [...range, q.size, q.page * q.size],
    ),
  ]);
  const dates = new ProgrammeDates(q.timeZone);
  return {
    items: rows.rows.map((r) => toItem(q.measure, r, dates.dateAt(r.at.getTime()))),
    totalElements: Number(totals.rows[0].n),
    totalPoints: Number(totals.rows[0].points ?? 0),
  };
}

/**
 * Redemptions, gift purchases and forfeits are the programme report's own rows, in day and log order. Both reads
 * walk the primary key's (measure, day) range; a page stops after its rows.
 */
async function spendingEntries(pool: pg.Pool, q: FlowEntriesQuery): Promise<FlowEntriesPage> {
  const where = `e.measure = $1 AND e.day BETWEEN $2::date AND $3::date`;
  const range = [q.measure, q.from, q.to];
  const [totals, rows] = await Promise.all([
    pool.query<Totals>(`SELECT count(*) AS n, sum(e.points) AS points FROM rm_report_point_entries e WHERE ${where}`, range),
    pool.query<Row & { day: string }>(
      `SELECT e.pax_id, to_char(e.day, 'YYYY-MM-DD') AS day, e.points, e.pos_major, e.pos_minor FROM rm_report_point_entries e WHERE ${where}
       ORDER BY e.day, e.pos_major, e.pos_minor LIMIT $4 OFFSET $5`,
      [...range, q.size, q.page * q.size],
    ),
  ]);
  return {
    items: rows.rows.map((r) => toItem(q.measure, r, r.day)),
    totalElements: Number(totals.rows[0].n),
    totalPoints: Number(totals.rows[0].points ?? 0),
  };
}
