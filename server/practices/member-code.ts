import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';

/*
 * Every member's code for the front desk: 8 characters of Crockford's base 32 (no I, L, O or U, so nothing reads as
 * another letter or a digit), spelling a 40-bit number that a keyed permutation makes of the member's id. No table
 * holds the codes: a code is worked out from the id and back, so a lookup by code is a read by primary key, and codes
 * never collide. Without the key (a secret kept in the database) codes follow no order: a guess finds one of a
 * million members about once in a million tries, and lookups are rate-limited.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HALF_BITS = 20;
const HALF = 1 << HALF_BITS;
const ROUNDS = 4;
export const MEMBER_CODE_LENGTH = 8;
/** The largest member id a code can spell. */
const MAX_ID = 2 ** (2 * HALF_BITS) - 1;

const round = (key: Buffer, n: number, half: number): number => createHmac('sha256', key).update(`${n}:${half}`).digest().readUInt32BE(0) % HALF;

function permute(key: Buffer, value: number): number {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let n = 0; n < ROUNDS; n++) [left, right] = [right, (left ^ round(key, n, right)) >>> 0];
  return left * HALF + right;
}

function unpermute(key: Buffer, value: number): number {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let n = ROUNDS - 1; n >= 0; n--) [left, right] = [(right ^ round(key, n, left)) >>> 0, left];
  return left * HALF + right;
}

export function memberCodeOf(key: Buffer, paxId: number): string {
  if (!Number.isSafeInteger(paxId) || paxId < 1 || paxId > MAX_ID) throw new Error(`no member code for id ${paxId}`);
  let n = permute(key, paxId);
  let code = '';
  for (let i = 0; i < MEMBER_CODE_LENGTH; i++) {
    code = ALPHABET[n % 32] + code;
    n = Math.floor(n / 32);
  }
  return code;
}

/** What a person typed or a scanner read, as a code: upper case, without spaces or hyphens, O read as 0 and I or L as 1. */
export const normalMemberCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

export const isMemberCode = (typed: string): boolean => new RegExp(`^[${ALPHABET}]{${MEMBER_CODE_LENGTH}}$`).test(normalMemberCode(typed));

/** The member id a code spells (whether that member exists is the caller's to ask); undefined for what is not a code. */
export function paxIdOfMemberCode(key: Buffer, typed: string): number | undefined {
  const code = normalMemberCode(typed);
  if (!isMemberCode(code)) return undefined;
  let n = 0;
  for (const c of code) n = n * 32 + ALPHABET.indexOf(c);
  const paxId = unpermute(key, n);
  return paxId >= 1 ? paxId : undefined;
}

const keys = new WeakMap<pg.Pool, Promise<Buffer>>();

/** The programme's key, made once per database (the first process to ask writes it; the others read that one). */
export function memberCodeKey(pool: pg.Pool): Promise<Buffer> {
  let key = keys.get(pool);
  if (!key) {
    key = (async () => {
      await pool.query('INSERT INTO member_code_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
      const r = await pool.query<{ secret: Buffer }>('SELECT secret FROM member_code_keys WHERE id = 1');
      return r.rows[0].secret;
    })();
    key.catch(() => keys.delete(pool));
    keys.set(pool, key);
  }
  return key;
}
