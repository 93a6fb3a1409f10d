import { addYears } from '../../event-schemas/calendar';
import type { ComparisonExpression, LogicalExpression } from './group-expression';

/**
 * Compiles a group's expression to one SQL condition over `participants p`, so a member count is one query the
 * planner can answer from indexes (see group-count-schema.ts) instead of reading every member into the evaluator.
 * It must agree with matchesExpression member for member (tests/integration/groups/group-count.test.ts checks it):
 * text compares lower-cased, a missing fact makes a comparison false (no condition on a fact is negated, so SQL's NULL
 * behaves as false), and age and enrolment dates become ranges over the stored dates so their indexes apply.
 */
export interface CompiledCondition {
  sql: string;
  params: unknown[];
}

/** An address's domain, spelled exactly as the index participant_emails_domain is built. */
export const DOMAIN = "lower(substring(e.email_address from '[^@]*$'))";

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The latest date of birth of someone `years` old or more on `today` (Feb 29 falls back to Feb 28, as ageOn counts). */
export function bornOnOrBefore(today: string, years: number): string {
  return addYears(today, -years);
}

class Builder {
  readonly params: unknown[] = [];
  constructor(private readonly today: string) {}

  param(v: unknown, cast: string): string {
    this.params.push(v);
    return `$${this.params.length}::${cast}`;
  }

  logical(e: LogicalExpression): string {
    const parts = [...e.comparisonExpressions.map((c) => this.comparison(c)), ...e.logicalExpressions.map((n) => this.logical(n))];
    if (parts.length === 0) return 'FALSE';
    return `(${parts.join(e.logicalOperatorCode === 'AND' ? ' AND ' : ' OR ')})`;
  }

  comparison(c: ComparisonExpression): string {
    switch (c.fieldCode) {
      case 'paxId':
        // Whole numbers as bigint so the primary key serves them.
        return this.ordered('p.pax_id', c, (v) => this.param(Number(v), Number.isInteger(Number(v)) ? 'bigint' : 'numeric'));
      case 'firstName':
        return this.text('lower(p.first_name)', c);
      case 'lastName':
        return this.text('lower(p.last_name)', c);
      case 'postalCode':
        return this.text('lower(left(p.postal_code, 5))', c);
      case 'emailDomain':
        // The address a member is written to: the preferred one, else the first added (as participantFacts reads it).
        // Written as "members with such an address that no other of theirs outranks", so the domain index serves it.
        return `p.pax_id IN (SELECT e.pax_id FROM participant_emails e WHERE ${this.text(DOMAIN, c)} AND NOT EXISTS (
          SELECT 1 FROM participant_emails b WHERE b.pax_id = e.pax_id AND ((b.preferred = 'Y') > (e.preferred = 'Y') OR ((b.preferred = 'Y') = (e.preferred = 'Y') AND b.id < e.id))))`;
      case 'enrolledDate':
        return this.enrolled(c);
      case 'ageYears':
        return this.age(c);
      default:
        return 'FALSE';
    }
  }

  /** EQ .. BETWEEN for a column whose order is the value's order (numbers, dates). */
  ordered(col: string, c: ComparisonExpression, p: (v: string | number) => string): string {
    const [a, b] = c.values;
    switch (c.comparisonOperatorCode) {
      case 'EQ':
        return `${col} = ${p(a)}`;
      case 'NE':
        return `${col} <> ${p(a)}`;
      case 'IN':
        return `${col} IN (${c.values.map(p).join(', ')})`;
      case 'NOT_IN':
        return `${col} NOT IN (${c.values.map(p).join(', ')})`;
      case 'GT':
        return `${col} > ${p(a)}`;
      case 'GTE':
        return `${col} >= ${p(a)}`;
      case 'LT':
        return `${col} < ${p(a)}`;
      case 'LTE':
        return `${col} <= ${p(a)}`;
      case 'BETWEEN':
        return `${col} BETWEEN ${p(a)} AND ${p(b)}`;
      default:
        return 'FALSE';
    }
  }

  text(col: string, c: ComparisonExpression): string {
    const lower = (v: string | number) => String(v).toLowerCase();
    const [a] = c.values;
    switch (c.comparisonOperatorCode) {
      case 'EQ':
        return `${col} = ${this.param(lower(a), 'text')}`;
      case 'NE':
        return `${col} <> ${this.param(lower(a), 'text')}`;
      case 'IN':
        return `${col} = ANY(${this.param(c.values.map(lower), 'text[]')})`;
      case 'NOT_IN':
        return `${col} <> ALL(${this.param(c.values.map(lower), 'text[]')})`;
      case 'CONTAINS':
        return `${col} LIKE ${this.param(`%${likeEscape(lower(a))}%`, 'text')}`;
      case 'STARTS_WITH':
        // A prefix LIKE on a text_pattern_ops index is a range scan.
        return `${col} LIKE ${this.param(`${likeEscape(lower(a))}%`, 'text')}`;
      default:
        return 'FALSE';
    }
  }

  /** The enrolment day in the session's time zone, as to_char(created_at) gives it, kept as a range over created_at. */
  enrolled(c: ComparisonExpression): string {
    const col = 'p.created_at';
    const start = (v: string | number) => this.param(String(v), 'date');
    const end = (v: string | number) => `(${this.param(String(v), 'date')} + 1)`;
    const [a, b] = c.values;
    const on = (v: string | number) => `(${col} >= ${start(v)} AND ${col} < ${end(v)})`;
    switch (c.comparisonOperatorCode) {
      case 'EQ':
        return on(a);
      case 'NE':
        return `(${col} < ${start(a)} OR ${col} >= ${end(a)})`;
      case 'IN':
        return `(${c.values.map(on).join(' OR ')})`;
      case 'NOT_IN':
        return `(${c.values.map((v) => `(${col} < ${start(v)} OR ${col} >= ${end(v)})`).join(' AND ')})`;
      case 'GT':
        return `${col} >= ${end(a)}`;
      case 'GTE':
        return `${col} >= ${start(a)}`;
      case 'LT':
        return `${col} < ${start(a)}`;
      case 'LTE':
        return `${col} < ${end(a)}`;
      case 'BETWEEN':
        return `(${col} >= ${start(a)} AND ${col} < ${end(b)})`;
      default:
        return 'FALSE';
    }
  }

  /** Age is whole years on `today`: "at least n" is a date of birth on or before a day, so the dob index serves it. */
  age(c: ComparisonExpression): string {
    const atLeast = (n: number) => `p.date_of_birth <= ${this.param(bornOnOrBefore(this.today, n), 'date')}`;
    const atMost = (n: number) => `p.date_of_birth > ${this.param(bornOnOrBefore(this.today, n + 1), 'date')}`;
    const exactly = (n: number) => (Number.isInteger(n) ? `(${atLeast(n)} AND ${atMost(n)})` : 'FALSE');
    const notExactly = (n: number) => (Number.isInteger(n) ? `(${atMost(n - 1)} OR ${atLeast(n + 1)})` : 'p.date_of_birth IS NOT NULL');
    const nums = c.values.map(Number);
    const [a, b] = nums;
    switch (c.comparisonOperatorCode) {
      case 'EQ':
        return exactly(a);
      case 'NE':
        return notExactly(a);
      case 'IN':
        return `(${nums.map(exactly).join(' OR ')})`;
      case 'NOT_IN':
        return `(${nums.map(notExactly).join(' AND ')})`;
      case 'GT':
        return atLeast(Math.floor(a) + 1);
      case 'GTE':
        return atLeast(Math.ceil(a));
      case 'LT':
        return atMost(Math.ceil(a) - 1);
      case 'LTE':
        return atMost(Math.floor(a));
      case 'BETWEEN':
        return `(${atLeast(Math.ceil(a))} AND ${atMost(Math.floor(b))})`;
      default:
        return 'FALSE';
    }
  }
}

/** `today` is the programme's date (YYYY-MM-DD) that ages are counted on. */
export function compileExpression(e: LogicalExpression, today: string): CompiledCondition {
  const b = new Builder(today);
  const sql = b.logical(e);
  // No COALESCE around it: that would hide the conditions from the indexes. No condition on a fact is ever negated
  // (NE is "<>", NOT_IN "NOT IN" over non-null values), so NULL (a missing
  // fact) can only ever leave a member out, as false would.
  return { sql, params: b.params };
}
