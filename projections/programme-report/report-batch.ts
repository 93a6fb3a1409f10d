import type pg from 'pg';
import { addDays, periodKey } from '../../event-schemas/calendar';
import { deferWrite, readRows, together, type Statement } from '../batch-buffer';
import type { Position } from '../../event-schemas/store/position';
import { CertificateHoldings, type Certificate } from './certificate-holdings';
import { repaymentFrom } from '../../event-schemas/points-reversed';
import { addAll, addTo, DatedTotals, MEASURES, MONTHS, rowOn, sumsOn, type ByDay, type Sums, type SumsByDay } from './dated-totals';
import type { HeldRebuild } from './held-rebuild';
import { membersWrite, type Member } from './report-member';

/** How long a member counts as active after a day they earned, redeemed or spent points. */
export const ACTIVE_WINDOW_DAYS = 90;

/**
 * A spending ledger event's row behind its points-flow figure. Awards and expiries are the member-points lots instead,
 * which keep the award's and the expiry's place in the log (see flow-entries-query.ts).
 */
type SpendingMeasure = 'redeemed' | 'spent' | 'forfeited' | 'reversed';
interface PointEntry {
  measure: SpendingMeasure;
  day: string;
  position: Position;
  paxId: number;
  points: number;
}

/** The number of the measure of points earned from `source` (MEASURES), one lookup for every award. */
const earnedMeasures = new Map<string, number>();
const earnedMeasure = (source: string): number => {
  let measure = earnedMeasures.get(source);
  if (measure === undefined) earnedMeasures.set(source, (measure = MEASURES.of(`earned:${source}`)));
  return measure;
};
const HOLDERS = MEASURES.of('holders');
const ACTIVE = MEASURES.of('active');
const EXPIRED = MEASURES.of('expired');
const FORFEITED = MEASURES.of('forfeited');
const REVERSED = MEASURES.of('reversed');
const SPENDING = { redeemed: MEASURES.of('redeemed'), spent: MEASURES.of('spent') };

/** The day a 90-day activity window opening on `day` closes, one computation per day (at most 4,096 kept). */
const windowCloses = new Map<string, string>();
const activeWindowClose = (day: string): string => {
  let until = windowCloses.get(day);
  if (until === undefined) {
    if (windowCloses.size >= 4096) windowCloses.clear();
    windowCloses.set(day, (until = addDays(day, ACTIVE_WINDOW_DAYS)));
  }
  return until;
};

/**
 * One batch of the programme report, worked out in memory: the touched members and certificates are read once, every
 * event moves them and the day's totals in log order, and the totals are added to the dated rows in a few statements.
 * With the totals go the rows each figure drills down to: the spending events, and the certificates' holdings.
 */
export class ReportBatch {
  private readonly members: Map<number, Member>;
  /** The members the batch changed (a rebuild's: every one since they were last written). */
  private readonly dirtyMembers: Set<number>;
  /** The certificates the batch's events change: their counts by category, and who holds each. */
  readonly certificates: CertificateHoldings;
  private readonly entries: PointEntry[] = [];
  private readonly totals: DatedTotals;
  private readonly daily: SumsByDay;
  private readonly expiry: SumsByDay;
  private readonly promotionDaily: ByDay;

  /**
   * `held`: the rebuild's, whose totals the batch adds to and whose members and certificates it moves in place (they
   * are written at the rebuild's end, see HeldRebuild); without it (live), the batch's own, written by `save`.
   */
  private constructor(
    private readonly db: pg.PoolClient,
    private readonly held: HeldRebuild | undefined,
  ) {
    this.totals = held?.totals ?? new DatedTotals();
    this.members = held?.members ?? new Map();
    this.dirtyMembers = held?.dirtyMembers ?? new Set();
    this.daily = this.totals.daily;
    this.expiry = this.totals.expiry;
    this.promotionDaily = this.totals.promotionDaily;
    this.certificates = new CertificateHoldings(this.totals.certificateDaily, held?.certificates, held?.dirtyCertificates);
  }

  /**
   * The one read that loads the touched members and certificates (a runner may prefetch exactly this statement, so
   * the report costs no round trip of its own).
   */
  static loadStatement(paxIds: number[], certificateIds: string[]): Statement {
    return {
      sql: `SELECT 'member' AS kind, pax_id::text AS id, balance AS amount, to_char(active_until, 'YYYY-MM-DD') AS text, open_lots AS lots, NULL::boolean AS used,
              NULL::bigint AS pax_id, NULL::text AS held_from
              FROM rm_report_members WHERE pax_id = ANY($1::bigint[])
            UNION ALL
            SELECT category, certificate_id::text, cents, status, NULL::json, used, pax_id, to_char(held_from, 'YYYY-MM-DD')
              FROM rm_report_certificates WHERE certificate_id = ANY($2::uuid[])`,
      values: [paxIds, certificateIds],
    };
  }

  /**
   * The batch for events touching these members and certificates: those a rebuild holds are taken as held; the others
   * are read (in a rebuild, only once some went to its shadow tables: before that, none is there).
   */
  static async load(db: pg.PoolClient, paxIds: number[], certificateIds: string[], held?: HeldRebuild): Promise<ReportBatch> {
    const batch = new ReportBatch(db, held);
    if (held) {
      paxIds = paxIds.filter((p) => !held.holdsMember(p));
      certificateIds = certificateIds.filter((c) => !held.holdsCertificate(c));
      if (!held.stored) return batch;
    }
    if (paxIds.length === 0 && certificateIds.length === 0) return batch;
    const r = await readRows<{
      kind: string;
      id: string;
      amount: string;
      text: string | null;
      lots: Member['lots'] | null;
      used: boolean | null;
      pax_id: string | null;
      held_from: string | null;
    }>(db, ReportBatch.loadStatement(paxIds, certificateIds));
    for (const row of r.rows) {
      // Member rows carry lots; certificate rows none (their kind column holds the category).
      if (row.lots !== null) batch.members.set(Number(row.id), { balance: Number(row.amount), activeUntil: row.text, lots: row.lots });
      else
        batch.certificates.loaded(row.id, {
          paxId: Number(row.pax_id),
          category: row.kind,
          cents: Number(row.amount),
          status: row.text!,
          used: row.used!,
          heldFrom: row.held_from,
        } satisfies Certificate);
    }
    return batch;
  }

  private member(paxId: number): Member {
    let m = this.members.get(paxId);
    if (!m) this.members.set(paxId, (m = { balance: 0, activeUntil: null, lots: [] }));
    this.dirtyMembers.add(paxId);
    return m;
  }

  /** Moves the member's balance; a move across zero changes the day's count of members holding points. */
  private moveBalance(m: Member, today: Sums, delta: number): void {
    const before = m.balance > 0;
    m.balance += delta;
    const after = m.balance > 0;
    if (before !== after) addTo(today, HOLDERS, after ? 1 : -1);
  }

  /**
   * The member was active on `day`: they count from it for ACTIVE_WINDOW_DAYS days. Kept as +1 on the day the window
   * opens and -1 on the day it closes; activity inside an open window moves its close to the later day.
   */
  private activeOn(m: Member, day: string, today: Sums): void {
    const until = activeWindowClose(day);
    if (m.activeUntil !== null && m.activeUntil > day) {
      if (until <= m.activeUntil) return;
      addTo(sumsOn(this.daily, m.activeUntil), ACTIVE, 1);
    } else addTo(today, ACTIVE, 1);
    addTo(sumsOn(this.daily, until), ACTIVE, -1);
    m.activeUntil = until;
  }

  awarded(paxId: number, day: string, lot: { lotId: string; amount: number; expirationDate: string; source: string }): void {
    const month = periodKey(lot.expirationDate);
    const m = this.member(paxId);
    // What pays back points a reversal left owed never counts as outstanding (member-state.ts: the lot holds the rest).
    const held = lot.amount - repaymentFrom(Math.max(0, -m.balance), lot.amount);
    if (held > 0) m.lots.push([lot.lotId, month, held]);
    const today = sumsOn(this.daily, day);
    addTo(today, earnedMeasure(lot.source), lot.amount);
    if (held > 0) addTo(sumsOn(this.expiry, day), MONTHS.of(month), held);
    this.moveBalance(m, today, lot.amount);
    this.activeOn(m, day, today);
  }

  /** Points spent on a reward (`redeemed`) or on gifts (`spent`), taken from the lots the decision named. */
  spent(
    paxId: number,
    day: string,
    position: Position,
    measure: 'redeemed' | 'spent',
    amount: number,
    consumed: readonly { lotId: string; amount: number }[],
  ): void {
    const today = sumsOn(this.daily, day);
    addTo(today, SPENDING[measure], amount);
    this.entries.push({ measure, day, position, paxId, points: amount });
    const m = this.member(paxId);
    const expiryToday = sumsOn(this.expiry, day);
    for (const c of consumed) this.takeFromLot(m, day, expiryToday, c.lotId, c.amount, undefined);
    this.moveBalance(m, today, -amount);
    this.activeOn(m, day, today);
  }

  expired(paxId: number, day: string, lotId: string, amount: number, expirationDate: string): void {
    const today = sumsOn(this.daily, day);
    addTo(today, EXPIRED, amount);
    const m = this.member(paxId);
    this.takeFromLot(m, day, sumsOn(this.expiry, day), lotId, amount, periodKey(expirationDate));
    this.moveBalance(m, today, -amount);
  }

  forfeited(paxId: number, day: string, position: Position, lotId: string, amount: number): void {
    const today = sumsOn(this.daily, day);
    addTo(today, FORFEITED, amount);
    this.entries.push({ measure: 'forfeited', day, position, paxId, points: amount });
    const m = this.member(paxId);
    this.takeFromLot(m, day, sumsOn(this.expiry, day), lotId, amount, undefined);
    this.moveBalance(m, today, -amount);
  }

  /**
   * A voided treatment's points taken back: from the lots the decision named, and the rest owed (the balance goes
   * below zero, and the member stops counting as a holder).
   */
  reversed(paxId: number, day: string, position: Position, amount: number, consumed: readonly { lotId: string; amount: number }[]): void {
    if (amount === 0) return;
    const today = sumsOn(this.daily, day);
    addTo(today, REVERSED, amount);
    this.entries.push({ measure: 'reversed', day, position, paxId, points: amount });
    const m = this.member(paxId);
    const expiryToday = sumsOn(this.expiry, day);
    for (const c of consumed) this.takeFromLot(m, day, expiryToday, c.lotId, c.amount, undefined);
    this.moveBalance(m, today, -amount);
  }

  private takeFromLot(m: Member, day: string, expiryToday: Sums, lotId: string, amount: number, knownMonth: string | undefined): void {
    const lots = m.lots;
    let at = 0;
    while (at < lots.length && lots[at][0] !== lotId) at++;
    const lot = lots[at];
    // A lot the log never awarded cannot happen through the deciders; were it to, its month is the one the event
    // names (or the day's), so the months still add up to the points outstanding.
    const month = lot?.[1] ?? knownMonth ?? periodKey(day);
    addTo(expiryToday, MONTHS.of(month), -amount);
    if (!lot) return;
    lot[2] -= amount;
    if (lot[2] <= 0) lots.splice(at, 1);
  }

  /** A promotion paid one treatment: points, or a certificate worth `certificateValue` dollars. */
  promotionPaid(promotionId: string, day: string, points: number, certificateValue: number | null): void {
    addAll(rowOn(this.promotionDaily, day), promotionId, [1, points, certificateValue === null ? 0 : 1, Math.round((certificateValue ?? 0) * 100)]);
  }

  /**
   * Writes the rows behind the figures, and (live) adds the batch's totals to the dated rows and writes the members and
   * certificates as they now stand: every table once, all in one statement, one round trip (in a rebuild, whose batches
   * are too large to inline, each write was one of its own; the rebuild's time did not measurably change). A rebuild
   * holds the totals, members and certificates instead (HeldRebuild), writing only those past its limits. In a rebuild
   * the point entries go in without a key (see appendOnlyInRebuild); live, an entry already written is left as it is.
   */
  async save(): Promise<void> {
    const held = this.held;
    const writes = held ? [] : this.totals.statements();
    writes.push(...this.certificates.statements(!held));
    if (held) writes.push(...held.evictions());
    else if (this.dirtyMembers.size) {
      const pax = [...this.dirtyMembers];
      writes.push(
        membersWrite(
          pax,
          pax.map((p) => this.members.get(p)!),
        ),
      );
    }
    if (this.entries.length) {
      const r = this.entries;
      writes.push({
        sql: `INSERT INTO rm_report_point_entries (measure, day, pos_major, pos_minor, pax_id, points)
              SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])${held ? '' : ' ON CONFLICT DO NOTHING'}`,
        values: [
          r.map((x) => x.measure),
          r.map((x) => x.day),
          r.map((x) => x.position.major.toString()),
          r.map((x) => x.position.minor.toString()),
          r.map((x) => x.paxId),
          r.map((x) => x.points),
        ],
      });
    }
    const statement = together(writes);
    if (statement) await deferWrite(this.db, statement);
  }
}
