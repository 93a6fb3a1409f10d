import type pg from 'pg';
import { decodeEvent } from '../event-schemas';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import { comparePositions, formatPosition, type Position } from '../event-schemas/store/position';
import { bufferLive, discardLive, flushLive, type Projection, type ProjectedEvent, type Touched } from './projection';

export const PROGRESS_CHANNEL = 'projection_progress';
const NOTIFY_PAX_PER_MESSAGE = 400;
const IDLE_POLL_MS = 200;

export interface Checkpoint {
  position: Position | 'start';
  eventsApplied: number;
}

export async function readCheckpoint(db: pg.Pool | pg.PoolClient, name: string, lock = false): Promise<Checkpoint> {
  await db.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
  const r = await db.query<{ position_major: string; position_minor: string; events_applied: string }>(
    `SELECT position_major, position_minor, events_applied FROM projection_checkpoints WHERE name = $1${lock ? ' FOR UPDATE' : ''}`,
    [name],
  );
  const row = r.rows[0];
  const position = { major: BigInt(row.position_major), minor: BigInt(row.position_minor) };
  return { position: position.major === 0n && position.minor === 0n ? 'start' : position, eventsApplied: Number(row.events_applied) };
}

const samePlace = (a: Position | 'start', b: Position | 'start') => (a === 'start' || b === 'start' ? a === b : comparePositions(a, b) === 0);

// Every projection reads the same log, usually close together (a catch-up or a rebuild of several runs them side
// by side). Reads are shared: a batch another projection asked for a moment ago is not read and parsed again, and an
// event is decoded once for all of them. Only full batches are kept: a full batch after a position never changes
// (readAll returns nothing a later commit could still precede), while a short one may grow as events arrive.
// Shared events and decodings are read-only to projections (they only read and spread them).
const recentReads = new WeakMap<EventStore, Map<string, Promise<StoredEvent[]>>>();
const READS_KEPT = 32;
const readShared = (store: EventStore, after: Position | 'start', count: number): Promise<StoredEvent[]> => {
  let reads = recentReads.get(store);
  if (!reads) recentReads.set(store, (reads = new Map()));
  const key = `${after === 'start' ? 'start' : formatPosition(after)}/${count}`;
  const hit = reads.get(key);
  if (hit) return hit;
  const kept = reads;
  const read = store.readAll(after, count).then(
    (events) => {
      if (events.length < count) kept.delete(key);
      return events;
    },
    (error: unknown) => {
      kept.delete(key);
      throw error;
    },
  );
  reads.set(key, read);
  if (reads.size > READS_KEPT) reads.delete(reads.keys().next().value as string);
  return read;
};
const decoded = new WeakMap<StoredEvent, ReturnType<typeof decodeEvent>>();
const decodeShared = (s: StoredEvent) => {
  let d = decoded.get(s);
  if (!d) decoded.set(s, (d = decodeEvent(s.type, s.data, s.metadata)));
  return d;
};

const toProjected = (s: StoredEvent): ProjectedEvent => ({
  ...decodeShared(s),
  streamName: s.streamName,
  revision: s.revision,
  position: s.position,
  eventId: s.eventId,
});

export interface BatchResult {
  applied: number;
  position: Position | 'start';
}

/**
 * Applies one batch: the read rows, the new checkpoint and the NOTIFY commit together or not at all. The checkpoint
 * row is locked and compared, so two processes running the same projection never apply an event twice.
 */
export async function applyBatch(pool: pg.Pool, store: EventStore, projection: Projection, batchSize: number): Promise<BatchResult> {
  const start = await readCheckpoint(pool, projection.name);
  const events = await readShared(store, start.position, batchSize);
  if (events.length === 0) return { applied: 0, position: start.position };
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const locked = await readCheckpoint(db, projection.name, true);
    if (!samePlace(locked.position, start.position)) {
      await db.query('ROLLBACK');
      return { applied: 0, position: locked.position };
    }
    const touched = new Set<number>();
    const broadcasts = new Set<string>();
    const note = (result: Touched | void) => {
      for (const p of result?.paxIds ?? []) touched.add(p);
      for (const topic of result?.broadcasts ?? []) broadcasts.add(topic);
    };
    bufferLive(db);
    // Only the events it consumes are decoded for it and handed to it; the rest of the batch just moves its checkpoint.
    const consumed = events.filter((s) => projection.consumes.has(s.type));
    if (projection.applyAll) {
      if (consumed.length > 0) note(await projection.applyAll(db, consumed.map(toProjected)));
    } else for (const stored of consumed) note(await projection.apply(db, toProjected(stored)));
    await flushLive(db);
    const last = events[events.length - 1].position;
    await db.query(
      `UPDATE projection_checkpoints SET position_major = $2, position_minor = $3, events_applied = events_applied + $4, updated_at = now() WHERE name = $1`,
      [projection.name, last.major.toString(), last.minor.toString(), events.length],
    );
    const pax = [...touched];
    for (let i = 0; i === 0 || i < pax.length; i += NOTIFY_PAX_PER_MESSAGE) {
      const topics = i === 0 && broadcasts.size > 0 ? { broadcasts: [...broadcasts] } : {};
      const payload = JSON.stringify({ projection: projection.name, position: formatPosition(last), paxIds: pax.slice(i, i + NOTIFY_PAX_PER_MESSAGE), ...topics });
      await db.query(`SELECT pg_notify('${PROGRESS_CHANNEL}', $1)`, [payload]);
    }
    await db.query('COMMIT');
    return { applied: events.length, position: last };
  } catch (error) {
    discardLive(db);
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** Applies batches until the projection has caught up with the readable log. */
export async function catchUp(pool: pg.Pool, store: EventStore, projection: Projection, batchSize = 500, onBatch?: (applied: number) => void): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await applyBatch(pool, store, projection, batchSize);
    if (r.applied === 0) return total;
    total += r.applied;
    onBatch?.(r.applied);
  }
}

/** Empties the projection's tables and checkpoint in one transaction; the next catch-up replays from position 0. */
export async function resetProjection(pool: pg.Pool, projection: Projection): Promise<void> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('SELECT name FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    for (const table of projection.tables) await db.query(`DELETE FROM ${table}`);
    await db.query(`DELETE FROM member_live_messages WHERE kind = ANY($1)`, [projection.liveKinds]);
    await db.query('UPDATE projection_checkpoints SET position_major = 0, position_minor = 0, events_applied = 0 WHERE name = $1', [projection.name]);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** Keeps every projection caught up in the background until stopped. */
export class ProjectionDaemon {
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly projections: Projection[],
    private readonly log: (message: string, error?: unknown) => void,
    private readonly batchSize = 500,
  ) {}

  start(): void {
    this.loops = this.projections.map((p) => this.loop(p));
  }

  private async loop(projection: Projection): Promise<void> {
    while (!this.abort.signal.aborted) {
      try {
        const r = await applyBatch(this.pool, this.store, projection, this.batchSize);
        // A short idle wait: an event hidden by another open transaction becomes readable without a new append
        // notification, and this wait is all that bounds how long it then sits unprojected.
        if (r.applied === 0) await this.store.waitForAppend(this.abort.signal, IDLE_POLL_MS);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.log(`projection ${projection.name} failed; retrying`, error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.loops);
  }
}
