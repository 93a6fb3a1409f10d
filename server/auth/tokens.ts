import { createHash, randomBytes } from 'node:crypto';

/** Opaque random tokens; only their SHA-256 is stored, so the table alone cannot be used to sign in. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();
