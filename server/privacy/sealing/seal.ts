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
const NONCE_BYTES = 12;

/*
 * Nonces come from the system's random generator in blocks of 1,024 and each 12 bytes are used once: a call of
 * randomBytes for every award was about as dear as the cipher itself in the award's profile (issue 55). GCM needs
 * a nonce never repeated under one key, not a separate call; a block is replaced, never written over, so a nonce
 * handed out stays as it was.
 */
const NONCES_PER_BLOCK = 1024;
let nonces = Buffer.alloc(0);
let nextNonce = 0;
export function freshNonce(): Buffer {
  if (nextNonce + NONCE_BYTES > nonces.length) {
    nonces = randomBytes(NONCE_BYTES * NONCES_PER_BLOCK);
    nextNonce = 0;
  }
  const nonce = nonces.subarray(nextNonce, nextNonce + NONCE_BYTES);
  nextNonce += NONCE_BYTES;
  return nonce;
}

/**
 * Seals `value` (as JSON) with the member's key. The event's id is the additional authenticated data: a sealed value
 * moved onto another event does not open.
 */
export function seal(key: Buffer, by: number, eventId: string, value: unknown): SealedEnvelope {
  const iv = freshNonce();
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
