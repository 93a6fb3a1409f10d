import type pg from 'pg';
import { findGroup, memberIds } from '../groups/group-repository';
import { cappedAmount, compileRules, type MeasuredLine, type RuleResult } from './payout-rules';
import type { PromotionFacts } from './promotion-state';
import { addDays } from '../../event-schemas/calendar';
import type { BusyDay, Forecast } from '../../event-schemas/contract/promotions';

/** How far back a forecast looks when the promotion's window is still ahead. */
export const LOOKBACK_DAYS = 90;
const BUSIEST_DAYS = 5;

export interface ForecastTreatment {
  paxId: number;
  dateOfService: string;
  lines: readonly MeasuredLine[];
}

/** The forecast's answer, declared once in event-schemas/contract/promotions.ts (the wizard reads it). */
export type { BusyDay, Forecast };

/** The days whose processed treatments the forecast replays: the window up to today, or the last 90 days. */
export function forecastWindow(f: Pick<PromotionFacts, 'fromDate' | 'thruDate'>, today: string): { from: string; to: string; lookback: boolean } {
  if (f.fromDate > today) return { from: addDays(today, -(LOOKBACK_DAYS - 1)), to: today, lookback: true };
  return { from: f.fromDate, to: f.thruDate < today ? f.thruDate : today, lookback: false };
}

/**
 * The payouts of a draft's rules, as payPromotion would decide them (best rule, daily cap per member and day of
 * service), added up treatment by treatment; nothing is paid. Treatments come day by day, and a member's treatments of
 * one day together and in treatment id order (the order the cap is applied in): the replay keeps only the running
 * member-day, so a window of hundreds of thousands of treatments holds no map of them.
 */
export class PayoutReplay {
  private readonly payout: (lines: readonly MeasuredLine[]) => RuleResult | undefined;
  private readonly members = new Set<number>();
  private readonly days = new Map<string, BusyDay>();
  private treatments = 0;
  private points = 0;
  private certificates = 0;
  /** The member-day being replayed and what it has paid so far (the daily cap's "already"). */
  private memberDay: { paxId: number; date: string; paid: number } = { paxId: -1, date: '', paid: 0 };

  constructor(
    private readonly f: Pick<PromotionFacts, 'payoutAndRules'>,
    private readonly eligible: (paxId: number) => boolean,
    private readonly certificateValue: number | null,
  ) {
    this.payout = compileRules(f.payoutAndRules.rules);
  }

  add(paxId: number, dateOfService: string, lines: readonly MeasuredLine[]): void {
    if (!this.eligible(paxId)) return;
    const result = this.payout(lines);
    if (!result) return;
    const p = this.f.payoutAndRules;
    let pointsHere = 0;
    let certificatesHere = 0;
    if (p.awardType === 'CERTIFICATE') {
      if (this.certificateValue === null) return;
      certificatesHere = 1;
    } else {
      const md = this.memberDay;
      if (md.paxId !== paxId || md.date !== dateOfService) this.memberDay = { paxId, date: dateOfService, paid: 0 };
      pointsHere = cappedAmount(result.amount, p.rewardDailyCap, this.memberDay.paid);
      if (pointsHere === 0) return;
      this.memberDay.paid += pointsHere;
    }
    this.members.add(paxId);
    this.treatments += 1;
    this.points += pointsHere;
    this.certificates += certificatesHere;
    let day = this.days.get(dateOfService);
    if (!day) this.days.set(dateOfService, (day = { date: dateOfService, treatments: 0, points: 0, certificates: 0 }));
    day.treatments += 1;
    day.points += pointsHere;
    day.certificates += certificatesHere;
  }

  result() {
    const busiestDays = [...this.days.values()]
      .sort((a, b) => b.points - a.points || b.certificates - a.certificates || b.treatments - a.treatments || a.date.localeCompare(b.date))
      .slice(0, BUSIEST_DAYS);
    return { members: this.members.size, treatments: this.treatments, points: this.points, certificates: this.certificates, busiestDays };
  }
}

/** PayoutReplay over a list of treatments (in the order PayoutReplay needs). */
export function replayPayouts(
  f: Pick<PromotionFacts, 'payoutAndRules'>,
  treatments: readonly ForecastTreatment[],
  eligible: (paxId: number) => boolean,
  certificateValue: number | null,
) {
  const replay = new PayoutReplay(f, eligible, certificateValue);
  for (const t of treatments) replay.add(t.paxId, t.dateOfService, t.lines);
  return replay.result();
}

/**
 * Days of the window read per query: about 25,000 treatments at a million members, which PostgreSQL sorts within its
 * default work_mem (a week's did not, and went to disk), while the next ones are read.
 */
const CHUNK_DAYS = 4;
/**
 * Chunks read ahead of the one replayed: PostgreSQL reads and sorts them on connections of their own meanwhile. On the
 * million-member database (quiet) one ahead took 1.30 to 1.49 s, two 0.91 to 1.07 s, three 0.93 to 1.16 s.
 */
const READ_AHEAD = 2;

/**
 * Feeds the window's processed treatments to the visitor in the order PayoutReplay needs, a few days per query, each
 * query sorted by PostgreSQL (a few days' sort is small) and the next ones under way while this one is replayed.
 *
 * At a million members a 90-day window holds 640,000 treatments. Reading them in one query and grouping them here by
 * day and member took 2.3 to 4.0 s, four tenths of it in the garbage collector (640,000 rows, their parsed lines and
 * the groups alive at once); a few days at a time, replayed as they arrive, keep little alive (`npm run bench scale`).
 * Such a read is quick only where a day's rows lie together, as they do in a table filled day by day (the synthetic
 * seed writes each chunk of members in date order for that reason).
 */
export async function visitProcessedTreatments(
  db: pg.Pool,
  from: string,
  to: string,
  visitor: Promise<(paxId: number, dateOfService: string, lines: readonly MeasuredLine[]) => void>,
): Promise<void> {
  const chunks: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
    const end = addDays(start, CHUNK_DAYS - 1);
    chunks.push([start, end < to ? end : to]);
  }
  const read = ([first, last]: [string, string]) => {
    const rows = db.query<[string, string, string]>({
      // Sorted by the date itself: ordering by its text (the output column's, were it named date_of_service) is slower.
      text: `SELECT pax_id, date_of_service::text AS day, lines::text FROM promotion_payout_treatments
              WHERE processed AND date_of_service BETWEEN $1 AND $2
              ORDER BY date_of_service, pax_id, treatment_id`,
      values: [first, last],
      rowMode: 'array',
    });
    // Awaited later (after the visitor is ready, or the chunk before is replayed): a failure then is not unhandled now.
    rows.catch(() => undefined);
    return rows;
  };
  // READ_AHEAD chunks are under way while one is replayed; the first ones while the visitor gets ready (the forecast
  // works out its groups' members meanwhile).
  // A queue: a chunk replayed leaves it, so its rows can be collected while the next ones are replayed.
  const reads = chunks.slice(0, READ_AHEAD).map(read);
  const visit = await visitor;
  for (let i = 0; i < chunks.length; i++) {
    const r = await reads.shift()!;
    if (i + READ_AHEAD < chunks.length) reads.push(read(chunks[i + READ_AHEAD]));
    for (const [pax, dateOfService, lines] of r.rows) visit(Number(pax), dateOfService, JSON.parse(lines) as MeasuredLine[]);
  }
}

/** Members of any of the groups (none means everyone), as the payouts would decide today. */
export async function eligibility(db: pg.Pool, groupIds: readonly number[], today: string): Promise<(paxId: number) => boolean> {
  if (groupIds.length === 0) return () => true;
  const members = new Set<number>();
  for (const id of groupIds) {
    const group = await findGroup(db, id);
    if (group) for (const paxId of await memberIds(db, group.logicalExpression, today)) members.add(paxId);
  }
  return (paxId) => members.has(paxId);
}

/** Replays the window's processed treatments through a draft's rules; nothing is written. */
export async function forecast(db: pg.Pool, f: PromotionFacts, today: string, certificateValue: number | null): Promise<Forecast> {
  const window = forecastWindow(f, today);
  const productIds = [...new Set(f.payoutAndRules.rules.flatMap((r) => r.metricIds))];
  // Rules that measure no product pay nothing (the builder's older call publishes without rules): no window to read.
  if (productIds.length === 0) return { ...window, ...new PayoutReplay(f, () => false, certificateValue).result() };
  const replay = eligibility(db, f.groupIds, today).then((eligible) => new PayoutReplay(f, eligible, certificateValue));
  await visitProcessedTreatments(
    db,
    window.from,
    window.to,
    replay.then((r) => (paxId: number, date: string, lines: readonly MeasuredLine[]) => r.add(paxId, date, lines)),
  );
  return { ...window, ...(await replay).result() };
}
