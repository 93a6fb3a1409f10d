import { oldestKey } from '../../core/oldest-key';

type Json = Record<string, unknown>;

/** How many events' opened personal values a process keeps at most. */
export const MAX_OPENED_VALUES = 20_000;

/**
 * The personal values of events this process sealed or opened lately, by event id, so the same event read again (by
 * the read models' pass, then the processes', then a decider's fold) is not decrypted again: an award the bench drives
 * was opened two to three times, and each AES-GCM open (a cipher's set-up, base64, JSON) cost about as much as its
 * seal. Consulted only while the member's key is in memory (MemberKeyring.cached answers a Buffer): a destroyed key
 * reads as erased before any value here is looked at, and the keyring drops a member's values when it forgets their
 * key. A value here was taken from an envelope that opened (or sealed by this process), so its tag was checked once.
 */
export class OpenedValues {
  private values = new Map<string, { by: number; personal: Json }>();

  constructor(private readonly capacity = MAX_OPENED_VALUES) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`opened values are kept for at least 1 event, not ${capacity}`);
  }

  /** The event's values, when they are here and were sealed by this member's key. */
  get(eventId: string, by: number): Json | undefined {
    const kept = this.values.get(eventId);
    return kept !== undefined && kept.by === by ? kept.personal : undefined;
  }

  set(eventId: string, by: number, personal: Json): void {
    if (!this.values.has(eventId) && this.values.size >= this.capacity) this.values.delete(oldestKey(this.values)!);
    this.values.set(eventId, { by, personal });
  }

  get size(): number {
    return this.values.size;
  }

  /** Drops a member's values (their key is forgotten: destroyed, or may have been). An erasure is rare: a scan is cheap. */
  forgetMember(paxId: number): void {
    for (const [eventId, kept] of this.values) if (kept.by === paxId) this.values.delete(eventId);
  }

  clear(): void {
    // A new map, not clear(): oldestKey keeps an iterator per map.
    this.values = new Map();
  }
}
