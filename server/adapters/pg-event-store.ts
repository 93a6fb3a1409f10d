import pg from 'pg';
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
import { AppendBatcher, type AppendRow } from './pg-append-batcher';
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
  created_ms: number;
}

// The instant as milliseconds (a float8 is read with parseFloat): node-postgres parses a timestamptz with a regular
// expression and builds a Date from its parts, and a rebuild reads every event (about 1.5% of a rebuild's CPU profile).
const COLUMNS =
  'event_id, stream_name, revision, transaction_id::text AS transaction_id, global_position, type, data, metadata, floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms';

const toStored = (r: EventRow): StoredEvent => ({
  eventId: r.event_id,
  streamName: r.stream_name,
  revision: Number(r.revision),
  position: { major: BigInt(r.transaction_id), minor: BigInt(r.global_position) },
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  createdAt: new Date(r.created_ms),
});

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
 * The most often one process tells other processes that it appended (a burst of appends shares one NOTIFY). Under load
 * a NOTIFY every 5 ms was the commonest statement the server sent; other processes poll every 200 ms besides.
 */
export const NOTIFY_SPACING_MS = 25;
const IDLE_CLOSE_MS = 1_000;

/**
 * Wakes other processes' readers after commits, off the append's path. A NOTIFY inside the append's transaction would
 * take PostgreSQL's cluster-wide notify lock at commit and serialise every appender, and one per append doubles the
 * transactions; so one goes after the append answered, at most one in flight and at most one per NOTIFY_SPACING_MS,
 * and appends that land meanwhile share the next. It runs on a connection of its own (never taking a pooled
 * connection from an appender) in autocommit with asynchronous commit: a hint need not be durable, and one lost in a
 * crash or a dropped connection costs readers one poll interval.
 */
const crossProcessNotifier = (config: pg.ClientConfig) => {
  let client: Promise<pg.Client> | undefined;
  let inFlight = false;
  let pending = false;
  let lastSentAt = 0;
  let closed = false;
  let idle: NodeJS.Timeout | undefined;
  const disconnect = async () => {
    // Forgotten first, so a hint sent meanwhile opens a new connection rather than using the closing one.
    const closing = client;
    client = undefined;
    const c = await closing?.catch(() => undefined);
    await c?.end().catch(() => undefined);
  };
  const connected = (): Promise<pg.Client> => {
    if (client) return client;
    const opening: Promise<pg.Client> = (async () => {
      const c = new pg.Client(config);
      c.on('error', () => {
        // Dropped: the next hint opens a new connection (unless a newer one already replaced this).
        if (client === opening) client = undefined;
      });
      await c.connect();
      await c.query('SET synchronous_commit = off');
      return c;
    })();
    opening.catch(() => {
      if (client === opening) client = undefined;
    });
    client = opening;
    return opening;
  };
  const send = () => {
    inFlight = true;
    pending = false;
    lastSentAt = performance.now();
    clearTimeout(idle);
    connected()
      .then((c) => c.query(`SELECT pg_notify('${APPENDED_CHANNEL}', '')`))
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (pending && !closed) return schedule();
        // A quiet second closes the connection: no idle socket is held (or keeps a process alive) between bursts.
        idle = setTimeout(() => void (inFlight || disconnect()), IDLE_CLOSE_MS);
        idle.unref();
      });
  };
  const schedule = () => {
    const wait = lastSentAt + NOTIFY_SPACING_MS - performance.now();
    if (wait <= 0) send();
    else {
      inFlight = true;
      setTimeout(send, wait);
    }
  };
  return {
    appended() {
      if (closed) return;
      if (inFlight) pending = true;
      else schedule();
    },
    async close() {
      closed = true;
      clearTimeout(idle);
      await disconnect();
    },
  };
};

export interface PgEventStoreOptions {
  /** Append calls under way at once; appends arriving while all are busy are committed together (pg-append-batcher.ts). */
  appendCallsInFlight?: number;
}

export async function createPgEventStore(pool: pg.Pool, listener: PgListener, options: PgEventStoreOptions = {}): Promise<EventStore> {
  const otherProcesses = crossProcessNotifier(pool.options);
  const batcher = new AppendBatcher(pool, options.appendCallsInFlight);
  const appendToStream = async (
    stream: string,
    events: EventToAppend[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> => {
    if (events.length === 0) throw new Error('nothing to append');
    let rows: AppendRow[];
    try {
      // One statement, one round trip: the check, the idempotency lookup, the insert and the stream's revision all
      // run in es_append (see pg-event-store-schema.ts), or in es_append_many with the appends queued beside it.
      rows = await batcher.append({ stream, expected: expectedText(expectedRevision), events });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateEventId((error as Error).message);
      throw error;
    }
    const outcome = rows[0]?.outcome;
    if (outcome === 'stored') return asRepeat(stream, events, rows);
    if (outcome === 'conflict') throw new WrongExpectedRevision(stream, expectedRevision, rows[0].revision === null ? 'no_stream' : Number(rows[0].revision));
    if (outcome !== 'appended' || rows.length !== events.length)
      throw new Error(`es_append answered ${rows.length} rows (${outcome}) for ${events.length} events`);
    // Readers in this process are woken at once, as a NOTIFY would; other processes by the next hint.
    listener.emit(APPENDED_CHANNEL, '');
    otherProcesses.appended();
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
    // Readable: committed before every transaction still open began (the order the log is read in).
    headPosition: () => newestEvent(pool, 'WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())'),
    committedHead: () => committedHeadOf(pool),
    close: () => otherProcesses.close(),
  };
  await listener.listen(APPENDED_CHANNEL);
  return store;
}

/**
 * The newest event of the log that `where` admits, down the primary key. Ordered by the xid8 column itself, not by its
 * text (the output column of that name), or '996' > '1532'.
 */
async function newestEvent(db: pg.Pool, where = ''): Promise<Position | undefined> {
  const r = await db.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM es_events ${where}
     ORDER BY es_events.transaction_id DESC, es_events.global_position DESC LIMIT 1`,
  );
  return r.rowCount ? { major: BigInt(r.rows[0].transaction_id), minor: BigInt(r.rows[0].global_position) } : undefined;
}

/** The newest committed event of the log, whatever is still open elsewhere (EventStore.committedHead). */
export const committedHeadOf = (db: pg.Pool): Promise<Position | undefined> => newestEvent(db);
