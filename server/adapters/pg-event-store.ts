import type pg from 'pg';
import {
  DuplicateEventId,
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadStreamOptions,
  type StoredEvent,
} from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import type { PgListener } from './pg-listener';
import { pollingSubscription } from './polling-subscription';

export const APPENDED_CHANNEL = 'es_appended';

interface EventRow {
  event_id: string;
  stream_name: string;
  revision: string;
  transaction_id: string;
  global_position: string;
  type: string;
  data: unknown;
  metadata: unknown;
  created_at: Date;
}

const COLUMNS = 'event_id, stream_name, revision, transaction_id::text AS transaction_id, global_position, type, data, metadata, created_at';

const toStored = (r: EventRow): StoredEvent => ({
  eventId: r.event_id,
  streamName: r.stream_name,
  revision: Number(r.revision),
  position: { major: BigInt(r.transaction_id), minor: BigInt(r.global_position) },
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  createdAt: r.created_at,
});

/** One row of `es_append` (migration 0002): the append's events, the earlier rows of a repeat, or a conflict. */
interface AppendRow {
  outcome: 'appended' | 'stored' | 'conflict';
  event_id: string | null;
  stream_name: string;
  revision: string | null;
  type: string | null;
  transaction_id: string | null;
  global_position: string | null;
}

const expectedText = (expected: ExpectedRevision) => (typeof expected === 'number' ? String(expected) : expected);

const resultOf = (row: AppendRow): AppendResult => ({
  nextExpectedRevision: Number(row.revision),
  position: { major: BigInt(row.transaction_id!), minor: BigInt(row.global_position!) },
});

/** A repeat of an append already stored (same ids, same stream, same types, consecutive) answers its first result. */
const asRepeat = (stream: string, events: EventToAppend[], rows: AppendRow[]): AppendResult => {
  const byId = new Map(rows.map((r) => [r.event_id, r]));
  const matched = events.map((e) => byId.get(e.eventId));
  const same = matched.every(
    (r, i) => r && r.stream_name === stream && r.type === events[i].type && (i === 0 || Number(r.revision) === Number(matched[i - 1]!.revision) + 1),
  );
  if (!same) throw new DuplicateEventId(`event ids ${rows.map((r) => r.event_id).join(', ')} already stored elsewhere or with other content`);
  return resultOf(matched[matched.length - 1]!);
};

/**
 * Wakes readers after commits without a round trip on the append's path. A NOTIFY inside the append's transaction
 * would take PostgreSQL's cluster-wide notify lock at commit and serialise every appender; so the hint goes after the
 * append answered, at most one in flight, and appends that land meanwhile share the next one. A hint lost in a crash
 * costs readers one poll interval.
 */
const coalescedNotifier = (pool: pg.Pool) => {
  let inFlight = false;
  let pending = false;
  const send = () => {
    inFlight = true;
    pending = false;
    pool
      // A NOTIFY takes a transaction id, so its commit would wait for its own WAL flush; a hint need not be durable.
      .query(`BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify('${APPENDED_CHANNEL}', ''); COMMIT`)
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (pending) send();
      });
  };
  return () => {
    if (inFlight) pending = true;
    else send();
  };
};

export async function createPgEventStore(pool: pg.Pool, listener: PgListener): Promise<EventStore> {
  const notifyAppended = coalescedNotifier(pool);
  const appendToStream = async (
    stream: string,
    events: EventToAppend[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> => {
    if (events.length === 0) throw new Error('nothing to append');
    let rows: AppendRow[];
    try {
      // One statement, one round trip, one commit: the check, the idempotency lookup, the insert and the stream's
      // revision all run in es_append (see pg-event-store-schema.ts).
      rows = (
        await pool.query<AppendRow>('SELECT * FROM es_append($1, $2, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])', [
          stream,
          expectedText(expectedRevision),
          events.map((e) => e.eventId),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ])
      ).rows;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateEventId((error as Error).message);
      throw error;
    }
    const outcome = rows[0]?.outcome;
    if (outcome === 'stored') return asRepeat(stream, events, rows);
    if (outcome === 'conflict') throw new WrongExpectedRevision(stream, expectedRevision, rows[0].revision === null ? 'no_stream' : Number(rows[0].revision));
    if (outcome !== 'appended' || rows.length !== events.length)
      throw new Error(`es_append answered ${rows.length} rows (${outcome}) for ${events.length} events`);
    notifyAppended();
    const last = rows.reduce((a, b) => (Number(b.revision) > Number(a.revision) ? b : a));
    return resultOf(last);
  };

  const readStream = async (stream: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> => {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = await pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events WHERE stream_name = $1 AND revision ${backwards ? '<=' : '>='} $2
       ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      [stream, from, options.maxCount ?? Number.MAX_SAFE_INTEGER],
    );
    return rows.rows.map(toStored);
  };

  const readAll = async (after: Position | 'start', maxCount: number): Promise<StoredEvent[]> => {
    const p = after === 'start' ? { major: 0n, minor: 0n } : after;
    // Only transactions older than every still-open one are read, so a late commit is never skipped (DESIGN.md).
    // ORDER BY names the table's columns: a bare `transaction_id` would mean the text alias in COLUMNS, and sort
    // '1000' before '999'.
    const rows = await pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY es_events.transaction_id, es_events.global_position LIMIT $3`,
      [p.major.toString(), p.minor.toString(), maxCount],
    );
    return rows.rows.map(toStored);
  };

  const waitForAppend = (signal: AbortSignal, timeoutMs: number) =>
    new Promise<void>((resolve) => {
      // An 'abort' event never fires again for a signal that is already aborted.
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        listener.off(APPENDED_CHANNEL, done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      listener.on(APPENDED_CHANNEL, done);
      signal.addEventListener('abort', done);
    });

  const store: EventStore = {
    backend: 'postgresql',
    appendToStream,
    readStream,
    readAll,
    waitForAppend,
    subscribeToAll: (after, handler, options) => pollingSubscription(store, after, handler, options),
    async countAll() {
      const r = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events');
      return Number(r.rows[0].n);
    },
    async appendedCount() {
      const r = await pool.query<{ n: string }>('SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM es_events_global_position_seq');
      return Number(r.rows[0].n);
    },
    async headPosition() {
      const r = await pool.query<{ transaction_id: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM es_events
         WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY es_events.transaction_id DESC, es_events.global_position DESC LIMIT 1`,
      );
      return r.rowCount ? { major: BigInt(r.rows[0].transaction_id), minor: BigInt(r.rows[0].global_position) } : undefined;
    },
    async close() {},
  };
  await listener.listen(APPENDED_CHANNEL);
  return store;
}
