import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../../../projections/migrations/migration';
import type { PgListener } from '../../adapters/pg-listener';
import { OpenedValues } from './opened-values';

/*
 * Each member's key for the personal fields of their events (crypto-shredding, issue 25 item 2). A table of its own,
 * outside the log: an erasure sets the key to NULL (a tombstone, so nothing seals with a new key afterwards), and
 * every copy of the log, backups included, then reads those fields as erased. Keys are never logged, never exported
 * and never answered by any route; the README's "Backups" says why this table must not be restored with the log.
 */
export const memberKeyMigrations: Migration[] = [
  {
    id: '1103-member-keys',
    sql: `
      CREATE TABLE member_keys (
        pax_id bigint PRIMARY KEY,
        key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CHECK ((key IS NULL) = (destroyed_at IS NOT NULL))
      );
    `,
  },
];

/** Tells every process that a member's key is gone, so none keeps opening their fields from memory. */
export const KEY_DESTROYED_CHANNEL = 'member_key_destroyed';

/** How many members' keys a process keeps in memory at most. */
export const MAX_CACHED_KEYS = 200_000;

/**
 * The keys this process has read, so sealing an award or reading a batch of the log costs no query for a member seen
 * before (rebuilds and awards stay as fast as they were). A destroyed key is remembered as null.
 *
 * Bounded in two generations of at most half the bound each: keys go into the young one; when it is full it becomes
 * the old one and the old one is dropped; a key read from the old one moves back to the young. So the keys used
 * recently stay, and no step costs more than a Map operation. The eviction it replaces, deleting a Map's first key
 * (`keys().next()`), walked over every entry deleted before it on each call (V8 keeps deleted entries in a Map's table
 * until an insertion finds the table full and rebuilds it): past 200,000 members every new member cost about 0.1 ms,
 * the sealing store's read of a million-member log climbed from 13 to 27 us an event, and `npm run bench keyring`
 * times both ways.
 */
export class MemberKeyring {
  private young = new Map<number, Buffer | null>();
  private old = new Map<number, Buffer | null>();
  private listening = false;
  /** Personal values of events opened or sealed lately (opened-values.ts); they go with their member's key. */
  readonly opened = new OpenedValues();

  /** The young generation's bound: half the capacity, so both together never hold more than the capacity. */
  private readonly half: number;

  constructor(
    private readonly pool: pg.Pool,
    capacity = MAX_CACHED_KEYS,
  ) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`a keyring keeps at least 2 keys, not ${capacity}`);
    this.half = Math.floor(capacity / 2);
  }

  /** The member's key, made on their first sealed event; null once destroyed. */
  async keyFor(paxId: number): Promise<Buffer | null> {
    const cached = this.cached(paxId);
    if (cached !== undefined) return cached;
    // One round trip: the new key, or the one another process made first (the no-op update returns it), or the tombstone.
    const r = await this.pool.query<{ key: Buffer | null }>(
      `INSERT INTO member_keys (pax_id, key) VALUES ($1, $2) ON CONFLICT (pax_id) DO UPDATE SET pax_id = member_keys.pax_id RETURNING key`,
      [paxId, randomBytes(32)],
    );
    return this.remember(paxId, r.rows[0].key);
  }

  /** Loads the keys of these members that are not in memory yet, in one query (a reader's batch). */
  async load(paxIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(paxIds)].filter((p) => this.cached(p) === undefined);
    if (missing.length === 0) return;
    const r = await this.pool.query<{ pax_id: string; key: Buffer | null }>('SELECT pax_id, key FROM member_keys WHERE pax_id = ANY($1::bigint[])', [missing]);
    for (const row of r.rows) this.remember(Number(row.pax_id), row.key);
  }

  /** A key in memory: a Buffer, null when destroyed, undefined when not loaded (or the member has none). */
  cached(paxId: number): Buffer | null | undefined {
    const young = this.young.get(paxId);
    if (young !== undefined) return young;
    const old = this.old.get(paxId);
    if (old !== undefined) this.remember(paxId, old);
    return old;
  }

  /** How many keys are in memory (never more than the capacity). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** A member with a sealed event but no key row: only a restore that left the keys behind does that; it reads as erased. */
  markMissing(paxId: number): void {
    this.remember(paxId, null);
  }

  forget(paxId: number): void {
    this.young.delete(paxId);
    this.old.delete(paxId);
    this.opened.forgetMember(paxId);
  }

  /** Forgets keys other processes destroyed, as they say so. */
  async listen(listener: PgListener): Promise<void> {
    if (this.listening) return;
    this.listening = true;
    listener.on(KEY_DESTROYED_CHANNEL, (payload: string) => this.forget(Number(payload)));
    // A dropped connection may have lost a notice: forget everything rather than open an erased member's fields.
    listener.on('reconnected', () => this.forgetAll());
    await listener.listen(KEY_DESTROYED_CHANNEL);
  }

  private forgetAll(): void {
    this.young = new Map();
    this.old = new Map();
    this.opened.clear();
  }

  private remember(paxId: number, key: Buffer | null): Buffer | null {
    if (!this.young.has(paxId) && this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(paxId, key);
    // Held once: a key moved to the young generation (or replaced there) leaves the old.
    this.old.delete(paxId);
    return key;
  }
}

const keyrings = new WeakMap<pg.Pool, MemberKeyring>();
/** One keyring per pool (tests run several databases in one process). */
export const keyringFor = (pool: pg.Pool): MemberKeyring => {
  let keyring = keyrings.get(pool);
  if (!keyring) keyrings.set(pool, (keyring = new MemberKeyring(pool)));
  return keyring;
};

/**
 * Destroys the member's key in the caller's transaction (the erasure's); every process forgets it when that commits.
 * Answers whether there was a key to destroy (a restored backup may have brought one back).
 */
export async function destroyMemberKey(db: pg.PoolClient, paxId: number, at: Date): Promise<boolean> {
  const held = await db.query('SELECT 1 FROM member_keys WHERE pax_id = $1 AND key IS NOT NULL FOR UPDATE', [paxId]);
  await db.query(
    `INSERT INTO member_keys (pax_id, key, destroyed_at) VALUES ($1, NULL, $2)
     ON CONFLICT (pax_id) DO UPDATE SET key = NULL, destroyed_at = COALESCE(member_keys.destroyed_at, EXCLUDED.destroyed_at)`,
    [paxId, at],
  );
  await db.query(`SELECT pg_notify('${KEY_DESTROYED_CHANNEL}', $1)`, [String(paxId)]);
  return (held.rowCount ?? 0) > 0;
}
