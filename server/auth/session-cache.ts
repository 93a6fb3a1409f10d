import type pg from 'pg';
import { oldestKey } from '../core/oldest-key';
import type { Caller } from './caller';

/** How long a resolved session is trusted without asking the database again. A revocation ends it sooner (below). */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  caller: Caller;
  until: number;
}

/**
 * Resolved sessions, kept briefly in this process so a request does not cost a session lookup. A sign-out, a
 * revocation or an ended impersonation anywhere drops the session at once: the process that revokes forgets it
 * before answering, and every process forgets it when the revocation's NOTIFY arrives (composition-root.ts listens).
 * A cached session also ends when it expires. One cache per database pool (tests run several runtimes in a process).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  get(hashHex: string, now = Date.now()): Caller | undefined {
    const e = this.entries.get(hashHex);
    if (!e) return undefined;
    if (e.until <= now) {
      this.entries.delete(hashHex);
      return undefined;
    }
    return e.caller;
  }

  set(hashHex: string, caller: Caller, expiresAt: number | null, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(oldestKey(this.entries)!);
    this.entries.set(hashHex, { caller, until: Math.min(now + this.ttlMs, expiresAt ?? Infinity) });
  }

  forget(hashesHex: readonly string[]): void {
    for (const h of hashesHex) this.entries.delete(h);
  }
}

const caches = new WeakMap<pg.Pool, SessionCache>();
export const sessionCacheFor = (db: pg.Pool): SessionCache => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
};
