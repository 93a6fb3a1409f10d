import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

/*
 * Unsubscribe links work without signing in, so they carry who they are for, signed: `{paxId}.{HMAC-SHA256, 128 bits}`.
 * Without the key no one can make a link for another member (an attacker guessing ids cannot unsubscribe the
 * programme). The key lives in the database, made once by whichever process needs it first.
 */

const keys = new WeakMap<pg.Pool, Promise<Buffer>>();

export function signingKey(pool: pg.Pool): Promise<Buffer> {
  let key = keys.get(pool);
  if (!key) {
    key = (async () => {
      await pool.query('INSERT INTO message_signing_key (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
      return (await pool.query<{ secret: Buffer }>('SELECT secret FROM message_signing_key WHERE id = 1')).rows[0].secret;
    })();
    key.catch(() => keys.delete(pool));
    keys.set(pool, key);
  }
  return key;
}

const mac = (key: Buffer, paxId: number) => createHmac('sha256', key).update(`unsubscribe:${paxId}`).digest().subarray(0, 16);

export const unsubscribeToken = (key: Buffer, paxId: number): string => `${paxId}.${mac(key, paxId).toString('base64url')}`;

/** The member a token was made for, or null when it is malformed or its signature does not hold. */
export function memberOfToken(key: Buffer, token: string): number | null {
  const m = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const paxId = Number(m[1]);
  const given = Buffer.from(m[2], 'base64url');
  return given.length === 16 && timingSafeEqual(given, mac(key, paxId)) ? paxId : null;
}
