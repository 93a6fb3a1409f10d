import * as t from 'io-ts';

/**
 * A codec that narrows `base` by a predicate and fails with a human sentence, so the HTTP layer can tell the
 * caller which rule a field broke instead of io-ts's "Invalid value".
 */
export const refined = <C extends t.Any>(base: C, name: string, rule: string, ok: (a: t.TypeOf<C>) => boolean) =>
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
    { base, rule },
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

export const Integer = refined(t.number, 'Integer', 'must be a whole number', Number.isInteger);
// Safe integers only: a JSON number past 2^53 is not the number that was typed, and past 2^63 no bigint column takes it.
export const PositiveInteger = refined(t.number, 'PositiveInteger', 'must be a whole number above 0', (n) => Number.isSafeInteger(n) && n > 0);
export const NonNegativeInteger = refined(t.number, 'NonNegativeInteger', 'must be a whole number of 0 or more', (n) => Number.isSafeInteger(n) && n >= 0);
export const PaxId = PositiveInteger;
export type PaxId = number;

export const NonEmptyString = refined(t.string, 'NonEmptyString', 'must not be empty', (s) => s.trim().length > 0);
export const boundedString = (max: number) =>
  refined(t.string, `String(1..${max})`, `must be 1 to ${max} characters`, (s) => s.trim().length > 0 && s.length <= max);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isCalendarDate = (s: string): boolean => {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
/** A calendar date, `YYYY-MM-DD`, as CONTRACT.md fixes for every date. */
export const IsoDate = refined(t.string, 'IsoDate', 'must be a date as YYYY-MM-DD', isCalendarDate);
export type IsoDate = string;

/** An instant in ISO 8601 UTC. */
export const Instant = refined(t.string, 'Instant', 'must be an ISO 8601 UTC instant', (s) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(s) && !Number.isNaN(Date.parse(s)));
export type Instant = string;

export const Uuid = refined(t.string, 'Uuid', 'must be a UUID', (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s));
