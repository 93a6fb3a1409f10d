import { EMAIL_ADDRESS_RULE, isEmailAddress } from '../../event-schemas/contract/rules';
import * as t from 'io-ts';
import { IsoDate, refined } from '../../event-schemas/primitives';

/** Path and query values arrive as strings; these codecs read them into the domain's types. */
export const IntFromString = (name: string, rule: string, ok: (n: number) => boolean = () => true) =>
  Object.assign(
    new t.Type<number, string, unknown>(
      name,
      (u): u is number => typeof u === 'number' && Number.isInteger(u) && ok(u),
      (u, c) => {
        if (typeof u === 'number' && Number.isInteger(u) && ok(u)) return t.success(u);
        if (typeof u !== 'string' || !/^-?\d{1,15}$/.test(u)) return t.failure(u, c, rule);
        const n = Number(u);
        return ok(n) ? t.success(n) : t.failure(u, c, rule);
      },
      String,
    ),
    { jsonSchema: { type: 'integer', description: rule } },
  );

export const PaxIdParam = IntFromString('PaxId', 'must be a participant id (a whole number above 0)', (n) => n > 0);
/** `~` stands for the signed-in caller, as the spec's `/participants/~/certificates` uses it. */
export const PaxRefParam = t.union([t.literal('~'), PaxIdParam]);
export const PageParam = IntFromString('Page', 'must be a page number of 0 or more', (n) => n >= 0);
export const sizeParam = (max: number) => IntFromString('Size', `must be a page size from 1 to ${max}`, (n) => n >= 1 && n <= max);
export const DateParam = IsoDate;
export const BooleanFromString = Object.assign(
  new t.Type<boolean, string, unknown>(
    'BooleanFromString',
    (u): u is boolean => typeof u === 'boolean',
    (u, c) => (u === 'true' || u === true ? t.success(true) : u === 'false' || u === false ? t.success(false) : t.failure(u, c, 'must be true or false')),
    String,
  ),
  { jsonSchema: { type: 'boolean' } },
);
export const Email = refined(t.string, 'Email', EMAIL_ADDRESS_RULE, (s) => isEmailAddress(s) && s.length <= 254, { format: 'email', maxLength: 254 });
