import * as t from 'io-ts';
import { amountRule, amountSchema, isWithinBound, type AmountField } from './contract/amount-bounds';
import { isCalendarDate, isUtcInstant } from './calendar';

/** The same rule as JSON Schema keywords (minimum, maximum, pattern, maxLength, format...), for the OpenAPI document. */
export type Constraints = Record<string, unknown>;

/**
 * A codec that narrows `base` by a predicate and fails with a human sentence, so the HTTP layer can tell the
 * caller which rule a field broke instead of io-ts's "Invalid value". `constraints` says the rule again as JSON Schema,
 * so generated clients and API consoles know it too (the predicate stays what decides).
 */
export const refined = <C extends t.Any>(base: C, name: string, rule: string, ok: (a: t.TypeOf<C>) => boolean, constraints?: Constraints) =>
  Object.assign(
    new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(
      name,
      (u): u is t.TypeOf<C> => base.is(u) && ok(u),
      (u, c) => {
        const r = base.validate(u, c);
        if (r._tag === 'Left') return t.failure(u, c, u === undefined ? 'is required' : rule);
        return ok(r.right) ? t.success(r.right) : t.failure(u, c, rule);
      },
      (a) => base.encode(a),
    ),
    { base, rule, constraints },
  );

/** Attaches a rule sentence to a codec's failures (used where the base codec's own failure is unclear). */
export const withRule = <C extends t.Any>(codec: C, rule: string): C => {
  const wrapped = new t.Type(
    codec.name,
    codec.is,
    (u, c) => {
      const r = codec.validate(u, c);
      return r._tag === 'Left' ? t.failure(u, c, rule) : r;
    },
    codec.encode,
  );
  return Object.assign(wrapped, { rule, base: codec }) as unknown as C;
};

export const Integer = refined(t.number, 'Integer', 'must be a whole number', Number.isInteger, { type: 'integer' });
// Safe integers only: a JSON number past 2^53 is not the number that was typed, and past 2^63 no bigint column takes it.
export const PositiveInteger = refined(t.number, 'PositiveInteger', 'must be a whole number above 0', (n) => Number.isSafeInteger(n) && n > 0, {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
});
export const NonNegativeInteger = refined(t.number, 'NonNegativeInteger', 'must be a whole number of 0 or more', (n) => Number.isSafeInteger(n) && n >= 0, {
  type: 'integer',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
});
export const PaxId = PositiveInteger;
export type PaxId = number;

export const NonEmptyString = refined(t.string, 'NonEmptyString', 'must not be empty', (s) => s.trim().length > 0, { minLength: 1, pattern: '\\S' });
export const boundedString = (max: number) =>
  refined(t.string, `String(1..${max})`, `must be 1 to ${max} characters`, (s) => s.trim().length > 0 && s.length <= max, {
    minLength: 1,
    maxLength: max,
    pattern: '\\S',
  });

/** Text of at most `max` characters (empty allowed). */
export const maxText = (max: number) => refined(t.string, `String(..${max})`, `must be at most ${max} characters`, (s) => s.length <= max, { maxLength: max });

/** A whole number from `min` to `max` (both included). */
export const wholeNumber = (name: string, min: number, max: number, unit = '') =>
  refined(
    t.number,
    name,
    `must be a whole number${unit ? ` of ${unit}` : ''} from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`,
    (n) => Number.isInteger(n) && n >= min && n <= max,
    {
      type: 'integer',
      minimum: min,
      maximum: max,
    },
  );

/** A number (fractions allowed) from `min` to `max` (both included): every number a request carries states its bound. */
export const numberFrom = (name: string, min: number, max: number) =>
  refined(
    t.number,
    name,
    `must be a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`,
    (n) => Number.isFinite(n) && n >= min && n <= max,
    { minimum: min, maximum: max },
  );

/** A code of 1 to `max` letters, digits, - or _ (promotion, category and campaign codes). */
export const code = (name: string, max = 40) => {
  const re = new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`);
  return refined(t.string, name, `must be 1 to ${max} letters, digits, - or _`, (s) => re.test(s), { pattern: re.source, minLength: 1, maxLength: max });
};

/** The calendar decides what a real date is; exported here too, where the codecs that use it were always imported from. */
export { isCalendarDate };
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date, `YYYY-MM-DD`, as CONTRACT.md fixes for every date. */
export const IsoDate = refined(t.string, 'IsoDate', 'must be a date as YYYY-MM-DD', isCalendarDate, { format: 'date', pattern: DATE_RE.source });
export type IsoDate = string;

/** An instant in ISO 8601 UTC. */
export const Instant = refined(t.string, 'Instant', 'must be an ISO 8601 UTC instant', isUtcInstant, {
  format: 'date-time',
});
export type Instant = string;

export const Uuid = refined(t.string, 'Uuid', 'must be a UUID', (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s), {
  format: 'uuid',
});

/** A money or points field bounded as event-schemas/contract/amount-bounds.ts pins it (the admin forms use the same rule). */
export const boundedAmount = (field: AmountField) =>
  refined(t.number, `Amount(${field})`, amountRule(field), (n) => isWithinBound(field, n), amountSchema(field));
