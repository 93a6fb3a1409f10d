import type pg from 'pg';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import { comparePositions, formatPosition, type Position } from '../event-schemas/store/position';
import {
  applyingNow,
  beginBuffer,
  discardBuffer,
  flushBuffer,
  INLINE_VALUES,
  inlined,
  keepPrefetched,
  keptMessages,
  takeInline,
  type Statement,
} from './batch-buffer';
import { nextBatchId, type LiveDelivery } from './live-delivery';
import type { Projection, ProjectedEvent, Touched } from './projection';
import { projectorOf, readShared } from './shared-reads';
import { sqlLiteral } from './sql-literal';

export const PROGRESS_CHANNEL = 'projection_progress';
const NOTIFY_PAX_PER_MESSAGE = 400;

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

export interface BatchResult {
  applied: number;
  position: Position | 'start';
  /** With `deferUnconsumed`: events passed over without a commit (their checkpoint is the caller's to write). */
  deferred?: number;
}

const after = (p: Position, c: Position | 'start') => c === 'start' || comparePositions(p, c) > 0;
/** Where the events after a position begin: a suffix, the log being in order (usually all of it, found with one comparison). */
const firstAfter = (events: readonly StoredEvent[], c: Position | 'start'): number => {
  let i = 0;
  while (i < events.length && !after(events[i].position, c)) i++;
  return i;
};
/** Whether two checkpoints stand at the same place ('start' being before every event). */
export const samePosition = (a: Position | 'start', b: Position | 'start') => (a === 'start' || b === 'start' ? a === b : comparePositions(a, b) === 0);

type CheckpointRow = { name: string; position_major: string; position_minor: string; events_applied: string };

/** The checkpoints of `names`, creating missing rows (a new read model starts at the beginning of the log). */
async function readCheckpoints(db: pg.Pool | pg.PoolClient, names: string[]): Promise<Map<string, Checkpoint>> {
  const select = () =>
    db.query<CheckpointRow>('SELECT name, position_major, position_minor, events_applied FROM projection_checkpoints WHERE name = ANY($1)', [names]);
  let r = await select();
  if (r.rows.length < names.length) {
    await db.query('INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [names]);
    r = await select();
  }
  return checkpointsOf(r.rows);
}

/**
 * Begins the batch's transaction and locks its checkpoints, in one round trip (a batch under load is mostly round
 * trips), with the reads the projections declared (`prefetch`) when they are small. Locked in name order: two runners
 * over overlapping groups queue behind each other, never deadlock.
 */
async function beginLocked(
  db: pg.PoolClient,
  names: string[],
  prefetches: { owner: string; statement: Statement }[],
  asyncCommit: boolean,
): Promise<Map<string, Checkpoint>> {
  const list = `ARRAY[${names.map((n) => sqlLiteral(n)).join(', ')}]::text[]`;
  const lock = `SELECT name, position_major, position_minor, events_applied FROM projection_checkpoints WHERE name = ANY(${list}) ORDER BY name FOR UPDATE`;
  const size = (s: Statement) => s.values.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
  const reads = prefetches.filter((p) => size(p.statement) <= INLINE_VALUES);
  const begin = asyncCommit ? ['BEGIN', 'SET LOCAL synchronous_commit = off'] : ['BEGIN'];
  const results = (await db.query([...begin, lock, ...reads.map((p) => inlined(p.statement))].join(';\n'))) as unknown as pg.QueryResult[];
  reads.forEach((p, i) => keepPrefetched(db, p.owner, p.statement, results[begin.length + 1 + i]));
  let rows = results[begin.length].rows as CheckpointRow[];
  if (rows.length < names.length) {
    await db.query(`INSERT INTO projection_checkpoints (name) SELECT unnest(${list}) ON CONFLICT DO NOTHING`);
    rows = (await db.query<CheckpointRow>(lock)).rows;
  }
  return checkpointsOf(rows);
}

const checkpointsOf = (rows: CheckpointRow[]): Map<string, Checkpoint> => {
  const out = new Map<string, Checkpoint>();
  for (const row of rows) {
    const position = { major: BigInt(row.position_major), minor: BigInt(row.position_minor) };
    out.set(row.name, { position: position.major === 0n && position.minor === 0n ? 'start' : position, eventsApplied: Number(row.events_applied) });
  }
  return out;
};

export interface BatchOptions {
  /**
   * Whether the batch tells listeners (the live hub, read-your-writes waits) of its progress: always (read models,
   * whose positions readers wait for), only when it touched members or shared topics (processes on the log: nobody
   * waits for their positions, and every NOTIFY takes PostgreSQL's cluster-wide notify lock at commit), or never (a
   * shadow rebuild).
   */
  notify?: boolean | 'if-touched';
  /**
   * Where the caller last left the group (a daemon remembers it between batches): saves reading the checkpoints before
   * the log. Only a hint: the checkpoints locked inside the transaction decide what is applied.
   */
  from?: Position | 'start';
  /** The log after `from`, already read by the caller (one read shared by several groups); saves reading it again. */
  read?: StoredEvent[];
  /**
   * A batch holding no event the group consumes is not committed: nothing would change but the checkpoints, so the
   * caller keeps the position and vouches for it later (`skipped`). Answers `deferred` with the events passed over.
   */
  deferUnconsumed?: boolean;
  /**
   * The caller passed over the events after `skipped.from` up to `from` without committing, because the group
   * consumes none of them: a checkpoint still at `skipped.from` counts as at `from` (and moves by `count` more).
   * A checkpoint anywhere else (reset, or moved by another runner) is read from its own position as usual.
   */
  skipped?: { from: Position | 'start'; count: number };
  /**
   * The group writes a rebuild's shadow copies: what its projections tell members' live streams is dropped, not
   * written (the rebuild's swap moves the replay horizon instead: see rebuild.ts).
   */
  shadow?: boolean;
  /**
   * The rebuild this batch belongs to (its shadow schema): handed to `applyAll`, which may hold back additive totals
   * and the rows it moves until the rebuild's `finishRebuild` instead of writing them with every batch.
   */
  rebuild?: string;
  /**
   * The group writes derived rows only (read models), so its commit need not wait for the disk: a commit a crash loses
   * takes its checkpoint with it, and the restarted runner applies the same events again to the same rows
   * (synchronous_commit off; atomicity and order are kept, only the last few milliseconds' durability is not). Never
   * for processes that send mail or append: their effects outlive a lost commit.
   */
  asyncCommit?: boolean;
  /** The live side of this process, told of each committed batch with the messages it wrote (live-delivery.ts). */
  delivery?: LiveDelivery;
}

/**
 * Applies one batch of the log to a group of projections in one transaction: the log is read once for all of them,
 * each gets the events past its own checkpoint that it consumes, then every read row, live message, checkpoint and one
 * NOTIFY commit together or not at all. Checkpoint rows are locked and re-read inside the transaction, so two
 * processes running the same projections never apply an event twice (each skips what the other already applied).
 */
export async function applyGroupBatch(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
  batchSize: number,
  options: BatchOptions = {},
): Promise<BatchResult> {
  const names = projections.map((p) => p.name);
  // The slowest member of the group decides where the shared read starts; the others skip what they already have.
  let from: Position | 'start' | undefined = options.from;
  if (from === undefined)
    for (const c of (await readCheckpoints(pool, names)).values())
      if (from === undefined || c.position === 'start' || (from !== 'start' && comparePositions(c.position, from) < 0)) from = c.position;
  const start = from ?? 'start';
  const read = options.read ?? (await readShared(store, start, batchSize));
  const first = options.read ? firstAfter(read, start) : 0;
  const events = options.read ? read.slice(first, first + batchSize) : read;
  const projectedAt = projectorOf(read, first);
  /** The events from index `from` on that `projection` consumes, projected. */
  const consumedFrom = (projection: Projection, from: number): ProjectedEvent[] => {
    const out: ProjectedEvent[] = [];
    for (let i = from; i < events.length; i++) if (projection.consumes.has(events[i].type)) out.push(projectedAt(i));
    return out;
  };
  if (events.length === 0) return { applied: 0, position: start };
  const last = events[events.length - 1].position;
  if (options.deferUnconsumed && !events.some((s) => projections.some((p) => p.consumes.has(s.type))))
    return { applied: events.length, position: last, deferred: events.length };
  const db = await pool.connect();
  try {
    const delivery = options.shadow ? undefined : options.delivery;
    beginBuffer(db, { liveMessages: !options.shadow, keepMessages: delivery !== undefined });
    // Their first reads, for the events after the read's start (what each applies unless its checkpoint moved meanwhile;
    // then its read differs from this one and is made on its own). Not for a batch of more events than a round trip
    // inlines values (a rebuild's): its reads seldom fit, and a round trip more is little to a batch that size.
    const prefetches: { owner: string; statement: Statement }[] = [];
    if (events.length <= INLINE_VALUES)
      for (const p of projections) {
        const statement = p.prefetch?.(consumedFrom(p, 0));
        if (statement) prefetches.push({ owner: p.name, statement });
      }
    const locked = await beginLocked(db, names, prefetches, options.asyncCommit === true);
    const touched = new Set<number>();
    const broadcasts = new Set<string>();
    const note = (result: Touched | void) => {
      for (const p of result?.paxIds ?? []) touched.add(p);
      for (const topic of result?.broadcasts ?? []) broadcasts.add(topic);
    };
    const moved: { name: string; count: number }[] = [];
    // The projections that applied every event of the read (their checkpoint stood at its start).
    const fromStart = new Set<string>();
    // Where the group stands after this batch (the slowest checkpoint): where the next read should start.
    let next: Position | 'start' = last;
    const behind = (p: Position | 'start') => p === 'start' || (next !== 'start' && comparePositions(p, next) < 0);
    for (const projection of projections) {
      const stored = locked.get(projection.name)?.position ?? 'start';
      // Still where the caller's skip began: the skipped events hold nothing for it, so it stands at the read's start.
      const vouched = options.skipped !== undefined && samePosition(stored, options.skipped.from);
      const mine = vouched ? start : stored;
      // A checkpoint before the read's start (reset since the caller's hint) would skip the events in between: it
      // waits for a read from its own position.
      if (start !== 'start' && (mine === 'start' || comparePositions(mine, start) < 0)) {
        if (behind(mine)) next = mine;
        continue;
      }
      // Another runner may have moved this checkpoint past the read's start (or past the whole batch) meanwhile.
      const freshFrom = firstAfter(events, mine);
      const fresh = events.length - freshFrom;
      if (fresh === 0) {
        if (behind(mine)) next = mine;
        continue;
      }
      // Only the events it consumes are decoded for it and handed to it; the rest just move its checkpoint.
      if (samePosition(mine, start)) fromStart.add(projection.name);
      const consumed = consumedFrom(projection, freshFrom);
      applyingNow(db, projection.name);
      if (projection.applyAll) {
        if (consumed.length > 0) note(await projection.applyAll(db, consumed, options.rebuild));
      } else for (const e of consumed) note(await projection.apply(db, e));
      moved.push({ name: projection.name, count: fresh + (vouched ? options.skipped!.count : 0) });
    }
    if (moved.length === 0) {
      discardBuffer(db);
      await db.query('ROLLBACK');
      return { applied: 0, position: next };
    }
    // The deferred writes and live messages (when few), the checkpoints, the NOTIFY and the COMMIT go in one round
    // trip: every value is a number or an escaped literal.
    // Every live message of (start, last] is in this batch when each projection writing them applied the whole read.
    const kept = keptMessages(db);
    const complete = kept !== undefined && projections.every((p) => p.liveKinds.length === 0 || fromStart.has(p.name));
    const buffered = takeInline(db) ?? [];
    await flushBuffer(db);
    const wanted = complete && delivery ? delivery.wanted([...new Set(kept.map((m) => m.paxId))]) : [];
    const facts = wanted.length > 0 && delivery?.facts ? factsRead(delivery.facts, wanted) : undefined;
    const finish = [
      ...buffered,
      ...(facts ? [facts] : []),
      `UPDATE projection_checkpoints c SET position_major = ${last.major}, position_minor = ${last.minor}, events_applied = events_applied + m.count, updated_at = now()
       FROM unnest(ARRAY[${moved.map((m) => sqlLiteral(m.name)).join(', ')}]::text[], ARRAY[${moved.map((m) => m.count).join(', ')}]::bigint[]) AS m(name, count)
       WHERE c.name = m.name`,
    ];
    const batchId = nextBatchId();
    const pax = [...touched];
    if (options.notify === true || options.notify === undefined || (options.notify === 'if-touched' && touched.size + broadcasts.size > 0)) {
      for (let i = 0; i === 0 || i < pax.length; i += NOTIFY_PAX_PER_MESSAGE) {
        const topics = i === 0 && broadcasts.size > 0 ? { broadcasts: [...broadcasts] } : {};
        const payload = JSON.stringify({
          projections: moved.map((m) => m.name),
          position: formatPosition(last),
          paxIds: pax.slice(i, i + NOTIFY_PAX_PER_MESSAGE),
          batch: batchId,
          // Its own process hears of it in process too (delivery), and waits for that when this comes first.
          ...(delivery ? { told: delivery.tag } : {}),
          ...topics,
        });
        finish.push(`SELECT pg_notify('${PROGRESS_CHANNEL}', ${sqlLiteral(payload)})`);
      }
    }
    finish.push('COMMIT');
    const results = (await db.query(finish.join(';\n'))) as unknown as pg.QueryResult[];
    delivery?.committed({
      id: batchId,
      projections: moved.map((m) => m.name),
      from: start,
      position: last,
      paxIds: pax,
      broadcasts: [...broadcasts],
      live: complete
        ? {
            messages: kept,
            facts: new Map(facts ? results[buffered.length].rows.map((row: { pax_id: string; fact: unknown }) => [Number(row.pax_id), row.fact]) : []),
          }
        : undefined,
    });
    return { applied: Math.max(...moved.map((m) => m.count)), position: next };
  } catch (error) {
    discardBuffer(db);
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * The read of each wanted member's fact (LiveDelivery.facts) as a literal statement for the batch's last round trip:
 * member ids are integers, the fact's parameters escaped literals.
 */
function factsRead(facts: NonNullable<LiveDelivery['facts']>, paxIds: number[]): string {
  const ids = paxIds.filter((p) => Number.isSafeInteger(p)).join(', ');
  return inlined({ sql: `SELECT u.pax_id, (${facts.sql(1)}) AS fact FROM unnest(ARRAY[${ids}]::bigint[]) AS u(pax_id)`, values: facts.values() });
}

/** Applies one batch to one projection (a group of one). */
export const applyBatch = (pool: pg.Pool, store: EventStore, projection: Projection, batchSize: number, options: BatchOptions = {}): Promise<BatchResult> =>
  applyGroupBatch(pool, store, [projection], batchSize, options);

/** Applies batches until the projection has caught up with the readable log. */
export const catchUp = (pool: pg.Pool, store: EventStore, projection: Projection, batchSize = 500, onBatch?: (applied: number) => void): Promise<number> =>
  catchUpGroup(pool, store, [projection], batchSize, onBatch);

/** Applies shared batches until every projection of the group has caught up with the readable log. */
export async function catchUpGroup(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
  batchSize = 500,
  onBatch?: (applied: number) => void,
  options: BatchOptions = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await applyGroupBatch(pool, store, projections, batchSize, options);
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
