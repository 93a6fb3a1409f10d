import type { Statement } from '../batch-buffer';

/**
 * Totals by day, then by a key of the day (a measure, an expiry month, a category, a promotion). The day comes first:
 * events arrive with their day as one string object per day (ProgrammeDates), so the outer lookup is cheap, and an
 * event that adds to one day several times looks the day up once. Kinds with many keys (categories, promotions) keep
 * a day's keys in a map, each key's totals one array added to in place; kinds with few keys (measures, expiry months,
 * nearly every event adds to them) number their keys (NumberedKeys) and keep a day's totals in an array.
 */
export type DayRow = Map<string, number[]>;
export type ByDay = Map<string, DayRow>;

/** The totals of `day` (an event that adds to one day several times looks it up once). */
export const rowOn = (totals: ByDay, day: string): DayRow => {
  let row = totals.get(day);
  if (!row) totals.set(day, (row = new Map()));
  return row;
};

/** Adds the amounts of `by` to the totals of `key` on the row's day, place by place. */
export const addAll = (row: DayRow, key: string, by: readonly number[]): void => {
  const sums = row.get(key);
  if (sums) for (let i = 0; i < by.length; i++) sums[i] += by[i];
  else row.set(key, [...by]);
};

/**
 * The keys of a kind of totals that has few of them (the daily measures, the expiry months), each numbered once for the
 * process: a day's totals of such a kind are an array indexed by the key's number, so adding to one is an index into
 * it, not a second map lookup after the day's. The dated totals were a third of the report's JavaScript over the
 * bench's log, and nearly every event adds to these two kinds.
 */
export class NumberedKeys {
  private readonly numbers = new Map<string, number>();
  private readonly names: string[] = [];

  /** The key's number (given it now if it has none). */
  of(key: string): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.names.length;
      this.numbers.set(key, n);
      this.names.push(key);
    }
    return n;
  }

  name(n: number): string {
    return this.names[n];
  }
}

/** The daily measures (earned by source, redeemed, holders, active...) and the expiry months ('YYYY-MM'). */
export const MEASURES = new NumberedKeys();
export const MONTHS = new NumberedKeys();

/** A day's totals by key number; a key never added to that day is a hole, and has no row. */
export type Sums = (number | undefined)[];
export type SumsByDay = Map<string, Sums>;

/** The totals of `day` (an event that adds to one day several times looks it up once). */
export const sumsOn = (totals: SumsByDay, day: string): Sums => {
  let sums = totals.get(day);
  if (!sums) totals.set(day, (sums = []));
  return sums;
};

/** Adds `by` to the total of key number `key` on the day of `sums`. */
export const addTo = (sums: Sums, key: number, by: number): void => {
  const total = sums[key];
  sums[key] = total === undefined ? by : total + by;
};

/** Every (day, key, total) of a SumsByDay, in three columns. */
const numberedColumnsOf = (totals: SumsByDay, keys: NumberedKeys): [string[], string[], number[]] => {
  const days: string[] = [];
  const names: string[] = [];
  const amounts: number[] = [];
  for (const [day, sums] of totals)
    for (let n = 0; n < sums.length; n++) {
      const total = sums[n];
      if (total === undefined) continue;
      days.push(day);
      names.push(keys.name(n));
      amounts.push(total);
    }
  return [days, names, amounts];
};

/** Every (day, key, totals) of a ByDay, in three columns. */
const columnsOf = (totals: ByDay): [string[], string[], number[][]] => {
  const days: string[] = [];
  const keys: string[] = [];
  const sums: number[][] = [];
  for (const [day, row] of totals)
    for (const [key, value] of row) {
      days.push(day);
      keys.push(key);
      sums.push(value);
    }
  return [days, keys, sums];
};

/**
 * The dated totals a batch adds to (only adds: the report never reads them while applying), so a rebuild may hold them
 * over all its batches and write them once (see programme-report.projection.ts).
 */
export class DatedTotals {
  /** day → measure → amount; day → expiry month → points (by MEASURES and MONTHS); day → category → [count, cents]. */
  readonly daily: SumsByDay = new Map();
  readonly expiry: SumsByDay = new Map();
  readonly certificateDaily: ByDay = new Map();
  /** day → promotionId → [treatments, points, certificates, certificate cents]. */
  readonly promotionDaily: ByDay = new Map();

  /**
   * The statements that add these totals to the dated rows; `intoEmpty`: the rows are known to be empty (a rebuild's
   * first write of its held totals), so they are inserted without looking for rows to add to.
   */
  statements(intoEmpty = false): Statement[] {
    const adding = (clause: string) => (intoEmpty ? '' : `\n              ${clause}`);
    const out: Statement[] = [];
    if (this.daily.size) {
      const [days, measures, amounts] = numberedColumnsOf(this.daily, MEASURES);
      out.push({
        sql: `INSERT INTO rm_report_daily AS t (measure, day, amount) SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[])${adding(
          'ON CONFLICT (measure, day) DO UPDATE SET amount = t.amount + EXCLUDED.amount',
        )}`,
        values: [measures, days, amounts],
      });
    }
    if (this.expiry.size) {
      const [days, months, points] = numberedColumnsOf(this.expiry, MONTHS);
      out.push({
        sql: `INSERT INTO rm_report_expiry_daily AS t (day, expiry_month, points) SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])${adding(
          'ON CONFLICT (day, expiry_month) DO UPDATE SET points = t.points + EXCLUDED.points',
        )}`,
        values: [days, months, points],
      });
    }
    if (this.certificateDaily.size) {
      const [days, categories, sums] = columnsOf(this.certificateDaily);
      out.push({
        sql: `INSERT INTO rm_report_certificate_daily AS t (day, category, count, cents) SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[], $4::bigint[])${adding(
          'ON CONFLICT (day, category) DO UPDATE SET count = t.count + EXCLUDED.count, cents = t.cents + EXCLUDED.cents',
        )}`,
        values: [days, categories, sums.map((x) => x[0]), sums.map((x) => x[1])],
      });
    }
    if (this.promotionDaily.size) {
      const [days, promotions, sums] = columnsOf(this.promotionDaily);
      out.push({
        sql: `INSERT INTO rm_report_promotion_daily AS t (promotion_id, day, treatments, points, certificates, certificate_cents)
              SELECT * FROM unnest($1::uuid[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])${adding(
                `ON CONFLICT (promotion_id, day) DO UPDATE SET treatments = t.treatments + EXCLUDED.treatments, points = t.points + EXCLUDED.points,
                certificates = t.certificates + EXCLUDED.certificates, certificate_cents = t.certificate_cents + EXCLUDED.certificate_cents`,
              )}`,
        values: [promotions, days, ...[0, 1, 2, 3].map((i) => sums.map((x) => x[i]))],
      });
    }
    return out;
  }
}
