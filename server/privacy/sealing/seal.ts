import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a sealed event's data holds in place of its personal values (event-schemas/personal-fields.ts). */
export interface SealedEnvelope {
  /** The member whose key sealed it. */
  by: number;
  /** AES-256-GCM: a fresh 96-bit nonce, and the ciphertext with its 128-bit tag appended, both base64. */
  iv: string;
  data: string;
}

export const SEALED = '$sealed';
const TAG_BYTES = 16;

/**
 * Seals `value` (as JSON) with the member's key. The event's id is the additional authenticated data: a sealed value
 * moved onto another event does not open.
 */
export function seal(key: Buffer, by: number, eventId: string, value: unknown): SealedEnvelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(eventId));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { by, iv: iv.toString('base64'), data: data.toString('base64') };
}

/** Opens an envelope; a wrong key or a changed byte throws (corruption, never silently erased). */
export function open(key: Buffer, eventId: string, envelope: SealedEnvelope): unknown {
  const bytes = Buffer.from(envelope.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
  decipher.setAAD(Buffer.from(eventId));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as unknown;
}
