import { createHash } from 'node:crypto';

// A fixed namespace for this programme's derived event ids (any constant UUID works; it must never change).
const NAMESPACE = Buffer.from('6f1c2a4e9b7d4c1e8a3f5d2b7c9e0a14', 'hex');

/**
 * A name-based UUID (version 5: SHA-1 of namespace and name). The same name always gives the same id, so an event
 * written "once more" after a retry or crash is recognised by the store as a repeat instead of stored twice.
 */
export const deterministicUuid = (name: string): string => {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
