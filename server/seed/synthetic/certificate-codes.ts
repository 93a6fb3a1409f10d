import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '../../certificates/certificate-code';

const BASE = BigInt(CERTIFICATE_CODE_ALPHABET.length);
const SPACE = BASE ** BigInt(CERTIFICATE_CODE_LENGTH);
/** Not a multiple of the alphabet's size, so multiplying by it modulo SPACE is a bijection: distinct inputs, distinct codes. */
const SPREAD = 191_717_171_717_171n;
const PER_MEMBER = 1000;

/**
 * The k-th certificate code of synthetic member n: shaped like a live one (`7KQ4-MZ9T-HC`) and scattered over the
 * code space like random codes, but unique by construction. Random codes would collide about once in a hundred
 * programmes of a few million certificates, and the seed must not fail on a collision.
 */
export function certificateCode(seed: number, n: number, k: number): string {
  if (k >= PER_MEMBER) throw new Error(`synthetic member ${n} has more than ${PER_MEMBER} certificates`);
  let x = ((BigInt(n) * BigInt(PER_MEMBER) + BigInt(k)) * SPREAD + BigInt(seed) * 7_919n) % SPACE;
  let raw = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) {
    raw += CERTIFICATE_CODE_ALPHABET[Number(x % BASE)];
    x /= BASE;
  }
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}
