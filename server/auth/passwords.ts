import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))));

/**
 * scrypt's cost, as log2 of N. At 15 (N=2^15, r=8: 32 MiB a hash, which makes GPU guessing expensive) a hash or a
 * check takes about 136 ms of CPU here. PASSWORD_HASH_COST sets it (server/config.ts); the test suites set 10 (3.2 ms),
 * as they sign members up and in thousands of times. A stored hash names its own N, so a check costs what its hash
 * cost, whatever the setting is now.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
export const PASSWORD_HASH_COSTS = { min: 10, max: 17 } as const;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** scrypt needs 128 * N * r bytes; twice that leaves room for its own bookkeeping. */
const memoryFor = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  if (!Number.isInteger(cost) || cost < PASSWORD_HASH_COSTS.min || cost > PASSWORD_HASH_COSTS.max)
    throw new Error(`password hash cost must be a whole number from ${PASSWORD_HASH_COSTS.min} to ${PASSWORD_HASH_COSTS.max}, not ${cost}`);
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await scrypt(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: memoryFor(n, R) });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: +n, r: +r, p: +p, maxmem: memoryFor(+n, +r) });
  return timingSafeEqual(actual, expected);
}

/**
 * Hashed once per cost: verifying against it for unknown users makes their answer take as long as a wrong password
 * (a member's hash made at the same cost).
 */
const decoys = new Map<number, Promise<string>>();
export const decoyHash = (cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> => {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = hashPassword(randomBytes(12).toString('hex'), cost)));
  return decoy;
};

// The rule itself is the shared contract's, so the forms check exactly what the server refuses.
export { isStrongPassword, PASSWORD_RULE as passwordRule } from '../../event-schemas/contract/rules';
