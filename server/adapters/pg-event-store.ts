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

const checkExpected = (stream: string, expected: ExpectedRevision, actual: number | 'no_stream') => {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    (typeof expected === 'number' && actual === expected);
  if (!ok) throw new WrongExpectedRevision(stream, expected, actual);
};

/** A repeat of an append already stored (same ids, same stream, same types, consecutive) answers its first result. */
const asRepeat = (stream: string, events: EventToAppend[], rows: EventRow[]): AppendResult | undefined => {
  if (rows.length === 0) return undefined;
  const byId = new Map(rows.map((r) => [r.event_id, r]));
  const matched = events.map((e) => byId.get(e.eventId));
  const same = matched.every((r, i) => r && r.stream_name === stream && r.type === events[i].type && (i === 0 || Number(r.revision) === Number(matched[i - 1]!.revision) + 1));
  if (!same) throw new DuplicateEventId(`event ids ${rows.map((r) => r.event_id).join(', ')} already stored elsewhere or with other content`);
  const last = toStored(matched[matched.length - 1]!);
  return { nextExpectedRevision: last.revision, position: last.position };
};

export async function createPgEventStore(pool: pg.Pool, listener: PgListener): Promise<EventStore> {
  const appendToStream = async (stream: string, events: EventToAppend[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> => {
    if (events.length === 0) throw new Error('nothing to append');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // The lock comes before the first write, so the transaction id (taken at that write) grows with the revision:
      // readers ordering by (transaction_id, global_position) then see each stream in revision order.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [stream]);
      const repeat = asRepeat(
        stream,
        events,
        (await client.query<EventRow>(`SELECT ${COLUMNS} FROM es_events WHERE event_id = ANY($1::uuid[])`, [events.map((e) => e.eventId)])).rows,
      );
      if (repeat) {
        await client.query('ROLLBACK');
        return repeat;
      }
      const current = await client.query<{ revision: string }>('SELECT revision FROM es_streams WHERE stream_name = $1', [stream]);
      const actual: number | 'no_stream' = current.rowCount ? Number(current.rows[0].revision) : 'no_stream';
      checkExpected(stream, expectedRevision, actual);
      const first = actual === 'no_stream' ? 0 : actual + 1;
      const values: unknown[] = [];
      const tuples = events.map((e, i) => {
        values.push(e.eventId, stream, first + i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
        const b = i * 6;
        return `($${b + 1}::uuid, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}::jsonb)`;
      });
      const inserted = await client.query<{ transaction_id: string; global_position: string }>(
        `INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata) VALUES ${tuples.join(', ')}
         RETURNING transaction_id::text AS transaction_id, global_position`,
        values,
      );
      const last = first + events.length - 1;
      await client.query(
        'INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2) ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision',
        [stream, last],
      );
      await client.query('COMMIT');
      // The wake-up hint goes after COMMIT: a NOTIFY inside the transaction takes PostgreSQL's cluster-wide notify
      // lock at commit and serialises every appender. A hint lost in a crash costs readers one poll interval.
      await client.query(`SELECT pg_notify('${APPENDED_CHANNEL}', '')`).catch(() => undefined);
      const end = inserted.rows[inserted.rows.length - 1];
      return { nextExpectedRevision: last, position: { major: BigInt(end.transaction_id), minor: BigInt(end.global_position) } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code === '23505') throw new DuplicateEventId((error as Error).message);
      throw error;
    } finally {
      client.release();
    }
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
