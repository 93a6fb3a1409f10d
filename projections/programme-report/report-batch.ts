import type pg from 'pg';
import { addDays, periodKey } from '../../event-schemas/calendar';
import { deferWrite, readRows, type Statement } from '../batch-buffer';

/** How long a member counts as active after a day they earned, redeemed or spent points. */
export const ACTIVE_WINDOW_DAYS = 90;

interface Member {
  balance: number;
  /** The first day the member no longer counts as active (null: never active). */
  activeUntil: string | null;
  /** Lots with points left: lotId → [expiry month 'YYYY-MM', remaining]. */
  lots: Record<string, [string, number]>;
}

interface Certificate {
  category: string;
  cents: number;
  status: string;
  used: boolean;
}

const counts = (c: Certificate | undefined): boolean => c !== undefined && c.status === 'ACTIVE' && !c.used;

/**
 * Totals by day, then by a key of the day (a measure, an expiry month, a category, a promotion). The day comes first:
 * events arrive with their day as one string object per day (ProgrammeDates), so the outer lookup is cheap, and the
 * inner keys are few per day.
 */
type ByDay<V> = Map<string, Map<string, V>>;

const rowOf = <V>(totals: ByDay<V>, day: string): Map<string, V> => {
  let row = totals.get(day);
  if (!row) totals.set(day, (row = new Map()));
  return row;
};

/** Adds `by` to the total of `key` on `day`. */
const bump = (totals: ByDay<number>, day: string, key: string, by: number): void => {
  const row = rowOf(totals, day);
  row.set(key, (row.get(key) ?? 0) + by);
};

/** Adds the amounts of `by` to the totals of `key` on `day`, place by place. */
const bumpAll = (totals: ByDay<number[]>, day: string, key: string, by: number[]): void => {
  const row = rowOf(totals, day);
  const sums = row.get(key);
  if (sums) for (let i = 0; i < by.length; i++) sums[i] += by[i];
  else row.set(key, [...by]);
};

/** Every (day, key, value) of a ByDay, in three columns. */
const columnsOf = <V>(totals: ByDay<V>): [string[], string[], V[]] => {
  const days: string[] = [];
  const keys: string[] = [];
  const values: V[] = [];
  for (const [day, row] of totals)
    for (const [key, value] of row) {
      days.push(day);
      keys.push(key);
      values.push(value);
    }
  return [days, keys, values];
};

/** The measure of points earned from `source`, one string per source (a map key for every award). */
const earnedMeasures = new Map<string, string>();
const earnedMeasure = (source: string): string => {
  let measure = earnedMeasures.get(source);
  if (measure === undefined) earnedMeasures.set(source, (measure = `earned:${source}`));
  return measure;
};

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
 * The dated totals a batch adds to (only adds: the report never reads them while applying), so a rebuild may hold them
 * over all its batches and write them once (see programme-report.projection.ts).
 */
export class DatedTotals {
  /** day → measure → amount; day → expiry month → points; day → category → [count, cents]. */
  readonly daily: ByDay<number> = new Map();
  readonly expiry: ByDay<number> = new Map();
  readonly certificateDaily: ByDay<number[]> = new Map();
  /** day → promotionId → [treatments, points, certificates, certificate cents]. */
  readonly promotionDaily: ByDay<number[]> = new Map();

  /** The statements that add these totals to the dated rows. */
  statements(): Statement[] {
    const out: Statement[] = [];
    if (this.daily.size) {
      const [days, measures, amounts] = columnsOf(this.daily);
      out.push({
        sql: `INSERT INTO rm_report_daily AS t (measure, day, amount) SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[])
              ON CONFLICT (measure, day) DO UPDATE SET amount = t.amount + EXCLUDED.amount`,
        values: [measures, days, amounts],
      });
    }
    if (this.expiry.size) {
      const [days, months, points] = columnsOf(this.expiry);
      out.push({
        sql: `INSERT INTO rm_report_expiry_daily AS t (day, expiry_month, points) SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
              ON CONFLICT (day, expiry_month) DO UPDATE SET points = t.points + EXCLUDED.points`,
        values: [days, months, points],
      });
    }
    if (this.certificateDaily.size) {
      const [days, categories, sums] = columnsOf(this.certificateDaily);
      out.push({
        sql: `INSERT INTO rm_report_certificate_daily AS t (day, category, count, cents) SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[], $4::bigint[])
              ON CONFLICT (day, category) DO UPDATE SET count = t.count + EXCLUDED.count, cents = t.cents + EXCLUDED.cents`,
        values: [days, categories, sums.map((x) => x[0]), sums.map((x) => x[1])],
      });
    }
    if (this.promotionDaily.size) {
      const [days, promotions, sums] = columnsOf(this.promotionDaily);
      out.push({
        sql: `INSERT INTO rm_report_promotion_daily AS t (promotion_id, day, treatments, points, certificates, certificate_cents)
              SELECT * FROM unnest($1::uuid[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
              ON CONFLICT (promotion_id, day) DO UPDATE SET treatments = t.treatments + EXCLUDED.treatments, points = t.points + EXCLUDED.points,
                certificates = t.certificates + EXCLUDED.certificates, certificate_cents = t.certificate_cents + EXCLUDED.certificate_cents`,
        values: [promotions, days, ...[0, 1, 2, 3].map((i) => sums.map((x) => x[i]))],
      });
    }
    return out;
  }
}

/**
 * One batch of the programme report, worked out in memory: the touched members and certificates are read once, every
 * event moves them and the day's totals in log order, and the totals are added to the dated rows in a few statements.
 */
export class ReportBatch {
  private readonly members = new Map<number, Member>();
  private readonly certificates = new Map<string, Certificate>();
  private readonly dirtyMembers = new Set<number>();
  private readonly dirtyCertificates = new Set<string>();
  private readonly daily: ByDay<number>;
  private readonly expiry: ByDay<number>;
  private readonly certificateDaily: ByDay<number[]>;
  private readonly promotionDaily: ByDay<number[]>;

  /** `totals`: what the batch adds to the dated rows (a rebuild's, held over its batches, or the batch's own). */
  private constructor(
    private readonly db: pg.PoolClient,
    readonly totals: DatedTotals,
  ) {
    this.daily = totals.daily;
    this.expiry = totals.expiry;
    this.certificateDaily = totals.certificateDaily;
    this.promotionDaily = totals.promotionDaily;
  }

  /**
   * The one read that loads the touched members and certificates (a runner may prefetch exactly this statement, so
   * the report costs no round trip of its own).
   */
  static loadStatement(paxIds: number[], certificateIds: string[]): Statement {
    return {
      sql: `SELECT 'member' AS kind, pax_id::text AS id, balance AS amount, to_char(active_until, 'YYYY-MM-DD') AS text, open_lots AS lots, NULL::boolean AS used
              FROM rm_report_members WHERE pax_id = ANY($1::bigint[])
            UNION ALL
            SELECT category, certificate_id::text, cents, status, NULL::jsonb, used FROM rm_report_certificates WHERE certificate_id = ANY($2::uuid[])`,
      values: [paxIds, certificateIds],
    };
  }

  static async load(db: pg.PoolClient, paxIds: number[], certificateIds: string[], totals = new DatedTotals()): Promise<ReportBatch> {
    const batch = new ReportBatch(db, totals);
    if (paxIds.length === 0 && certificateIds.length === 0) return batch;
    const r = await readRows<{ kind: string; id: string; amount: string; text: string | null; lots: Member['lots'] | null; used: boolean | null }>(
      db,
      ReportBatch.loadStatement(paxIds, certificateIds),
    );
    for (const row of r.rows) {
      // Member rows carry lots; certificate rows none (their kind column holds the category).
      if (row.lots !== null) batch.members.set(Number(row.id), { balance: Number(row.amount), activeUntil: row.text, lots: row.lots });
      else batch.certificates.set(row.id, { category: row.kind, cents: Number(row.amount), status: row.text!, used: row.used! });
    }
    return batch;
  }

  private member(paxId: number): Member {
    let m = this.members.get(paxId);
    if (!m) this.members.set(paxId, (m = { balance: 0, activeUntil: null, lots: {} }));
    this.dirtyMembers.add(paxId);
    return m;
  }

  /** Moves the member's balance; a move across zero changes the day's count of members holding points. */
  private moveBalance(m: Member, day: string, delta: number): void {
    const before = m.balance > 0;
    m.balance += delta;
    const after = m.balance > 0;
    if (before !== after) bump(this.daily, day, 'holders', after ? 1 : -1);
  }

  /**
   * The member was active on `day`: they count from it for ACTIVE_WINDOW_DAYS days. Kept as +1 on the day the window
   * opens and -1 on the day it closes; activity inside an open window moves its close to the later day.
   */
  private activeOn(m: Member, day: string): void {
    const until = activeWindowClose(day);
    if (m.activeUntil !== null && m.activeUntil > day) {
      if (until <= m.activeUntil) return;
      bump(this.daily, m.activeUntil, 'active', 1);
    } else bump(this.daily, day, 'active', 1);
    bump(this.daily, until, 'active', -1);
    m.activeUntil = until;
  }

  awarded(paxId: number, day: string, lot: { lotId: string; amount: number; expirationDate: string; source: string }): void {
    const month = periodKey(lot.expirationDate);
    const m = this.member(paxId);
    m.lots[lot.lotId] = [month, lot.amount];
    bump(this.daily, day, earnedMeasure(lot.source), lot.amount);
    bump(this.expiry, day, month, lot.amount);
    this.moveBalance(m, day, lot.amount);
    this.activeOn(m, day);
  }

  /** Points spent on a reward (`redeemed`) or on gifts (`spent`), taken from the lots the decision named. */
  spent(paxId: number, day: string, measure: 'redeemed' | 'spent', amount: number, consumed: readonly { lotId: string; amount: number }[]): void {
    bump(this.daily, day, measure, amount);
    const m = this.member(paxId);
    for (const c of consumed) this.takeFromLot(m, day, c.lotId, c.amount, undefined);
    this.moveBalance(m, day, -amount);
    this.activeOn(m, day);
  }

  expired(paxId: number, day: string, lotId: string, amount: number, expirationDate: string): void {
    bump(this.daily, day, 'expired', amount);
    const m = this.member(paxId);
    this.takeFromLot(m, day, lotId, amount, periodKey(expirationDate));
    this.moveBalance(m, day, -amount);
  }

  forfeited(paxId: number, day: string, lotId: string, amount: number): void {
    bump(this.daily, day, 'forfeited', amount);
    const m = this.member(paxId);
    this.takeFromLot(m, day, lotId, amount, undefined);
    this.moveBalance(m, day, -amount);
  }

  private takeFromLot(m: Member, day: string, lotId: string, amount: number, knownMonth: string | undefined): void {
    const lots = m.lots;
    const lot = lots[lotId];
    // A lot the log never awarded cannot happen through the deciders; were it to, its month is the one the event
    // names (or the day's), so the months still add up to the points outstanding.
    const month = lot?.[0] ?? knownMonth ?? periodKey(day);
    bump(this.expiry, day, month, -amount);
    if (!lot) return;
    lot[1] -= amount;
    if (lot[1] <= 0) delete lots[lotId];
  }

  /** A second issue of a certificate already counted changes nothing: the first stands. */
  certificateIssued(day: string, c: { certificateId: string; category: string; amount: number; status: string }): void {
    if (this.certificates.has(c.certificateId)) return;
    this.changeCertificate(day, c.certificateId, { category: c.category, cents: Math.round(c.amount * 100), status: c.status, used: false });
  }

  /** A certificate's status or use changed: the day's count moves when it starts or stops being active and unused. */
  certificateChanged(day: string, certificateId: string, change: Partial<Pick<Certificate, 'status' | 'used'>>): void {
    const before = this.certificates.get(certificateId);
    if (!before) return;
    this.changeCertificate(day, certificateId, { ...before, ...change });
  }

  private changeCertificate(day: string, certificateId: string, next: Certificate): void {
    const before = this.certificates.get(certificateId);
    const was = counts(before);
    const is = counts(next);
    this.certificates.set(certificateId, next);
    this.dirtyCertificates.add(certificateId);
    if (was === is) return;
    bumpAll(this.certificateDaily, day, next.category, is ? [1, next.cents] : [-1, -next.cents]);
  }

  /** A promotion paid one treatment: points, or a certificate worth `certificateValue` dollars. */
  promotionPaid(promotionId: string, day: string, points: number, certificateValue: number | null): void {
    bumpAll(this.promotionDaily, day, promotionId, [1, points, certificateValue === null ? 0 : 1, Math.round((certificateValue ?? 0) * 100)]);
  }

  /**
   * Adds the batch's totals to the dated rows (unless `holdTotals`: a rebuild writes them later, see DatedTotals) and
   * writes the members and certificates as they now stand.
   */
  async save(holdTotals = false): Promise<void> {
    if (!holdTotals) for (const statement of this.totals.statements()) await deferWrite(this.db, statement);
    if (this.dirtyMembers.size) {
      const pax = [...this.dirtyMembers];
      const m = pax.map((p) => this.members.get(p)!);
      // The lots go as one JSON array, one element per member: as a jsonb[] parameter, node-postgres escaped every
      // quote of every member's JSON into the array literal, a sixth of what the report spent in JavaScript.
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_members AS t (pax_id, balance, active_until, open_lots)
              SELECT u.pax_id, u.balance, u.active_until, l.lots
              FROM unnest($1::bigint[], $2::bigint[], $3::date[]) WITH ORDINALITY AS u(pax_id, balance, active_until, i)
              JOIN jsonb_array_elements($4::jsonb) WITH ORDINALITY AS l(lots, i) ON l.i = u.i
              ON CONFLICT (pax_id) DO UPDATE SET balance = EXCLUDED.balance, active_until = EXCLUDED.active_until, open_lots = EXCLUDED.open_lots`,
        values: [pax, m.map((x) => x.balance), m.map((x) => x.activeUntil), JSON.stringify(m.map((x) => x.lots))],
      });
    }
    if (this.dirtyCertificates.size) {
      const ids = [...this.dirtyCertificates];
      const c = ids.map((id) => this.certificates.get(id)!);
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_certificates AS t (certificate_id, category, cents, status, used)
              SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::boolean[])
              ON CONFLICT (certificate_id) DO UPDATE SET status = EXCLUDED.status, used = EXCLUDED.used`,
        values: [ids, c.map((x) => x.category), c.map((x) => x.cents), c.map((x) => x.status), c.map((x) => x.used)],
      });
    }
  }
}
