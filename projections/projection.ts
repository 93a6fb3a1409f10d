import type pg from 'pg';
import type { DomainEvent, EventMetadata } from '../event-schemas';
import type { Position } from '../event-schemas/store/position';

export interface ProjectedEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  metadata: EventMetadata;
  streamName: string;
  revision: number;
  position: Position;
  eventId: string;
}

/** What one applied event changed that live clients should hear about. */
export interface Touched {
  paxIds: number[];
  /**
   * Topics every open stream hears about (e.g. `promotions`): shared read models that are not any one member's, so
   * they have no per-member live rows; clients re-read them when told.
   */
  broadcasts?: string[];
}

/**
 * A read model (or a process on the log): handlers that write its tables inside the runner's transaction. It is
 * typed over the union `E` of the events it consumes and says which they are in `consumes`; the runner hands it those
 * alone (every other event only moves its checkpoint). Its handler switches over `E` and ends in a `never` check, so
 * an event type added to a consumed union cannot be silently ignored.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  name: string;
  /** The event types it consumes: exactly the types of `E` (build it with `consuming`). */
  consumes: ReadonlySet<string>;
  /** Tables it owns; a rebuild empties them and replays the log from the start. */
  tables: string[];
  /** Kinds of member live messages it writes (emptied with its tables on rebuild). */
  liveKinds: string[];
  apply(db: pg.PoolClient, e: ProjectedEvent<E>): Promise<Touched | void>;
  /**
   * Optional: applies a whole batch in a few statements instead of a few per event (what makes a rebuild of a long
   * log fast). Must leave the same rows and live messages as `apply` on each event in turn.
   */
  applyAll?(db: pg.PoolClient, events: ProjectedEvent<E>[]): Promise<Touched>;
}

/**
 * The set of event types for a projection over union `E`. Every type of `E` must be listed (the compiler names any
 * missing one), and nothing else can be: the set and the handler's union cannot drift apart.
 */
export const consuming =
  <E extends DomainEvent>() =>
  <const L extends readonly E['type'][]>(
    ...types: L & ([Exclude<E['type'], L[number]>] extends [never] ? unknown : { missing: Exclude<E['type'], L[number]> })
  ): ReadonlySet<string> =>
    new Set<string>(types);

// Live messages a batch has recorded, written in one multi-row INSERT when the batch ends (see flushLive): one
// round trip per batch instead of one per event, which is most of what a rebuild of a long log costs.
const pendingLive = new WeakMap<pg.PoolClient, unknown[][]>();
const LIVE_ROWS_PER_INSERT = 5000;

/** The runner calls this when a batch's transaction begins; pushLive then buffers until flushLive. */
export const bufferLive = (db: pg.PoolClient): void => void pendingLive.set(db, []);

/** Records a message for a member's live stream, in the same transaction as the read rows it describes. */
export async function pushLive(db: pg.PoolClient, paxId: number, e: ProjectedEvent, kind: string, data: unknown): Promise<void> {
  const row = [paxId, e.position.major.toString(), e.position.minor.toString(), kind, JSON.stringify(data)];
  const buffer = pendingLive.get(db);
  if (buffer) buffer.push(row);
  else await insertLive(db, [row]);
}

/** Writes what the batch buffered (before its checkpoint, inside its transaction) and stops buffering. */
export async function flushLive(db: pg.PoolClient): Promise<void> {
  const rows = pendingLive.get(db) ?? [];
  pendingLive.delete(db);
  for (let i = 0; i < rows.length; i += LIVE_ROWS_PER_INSERT) await insertLive(db, rows.slice(i, i + LIVE_ROWS_PER_INSERT));
}

/** At most this many buffered messages ride in the batch's last round trip as literals; more go as parameters. */
export const LIVE_ROWS_INLINED = 200;

/**
 * The buffered messages as one statement of literals, for the runner to send in the same round trip as the batch's
 * checkpoints and COMMIT (a batch under live load carries a few dozen: one round trip less each). Undefined when
 * there are none, or too many (escaping thousands of literals costs more than the round trip): flushLive then.
 */
export function takeLiveInline(db: pg.PoolClient): string | undefined {
  const rows = pendingLive.get(db);
  if (!rows || rows.length === 0 || rows.length > LIVE_ROWS_INLINED) return undefined;
  pendingLive.delete(db);
  // Every value is a number from a bigint or Position (digits only) or an escaped literal.
  const values = rows.map(
    ([pax, major, minor, kind, data]) =>
      `(${Number(pax)}, ${BigInt(major as string)}, ${BigInt(minor as string)}, ${db.escapeLiteral(kind as string)}, ${db.escapeLiteral(data as string)}::jsonb)`,
  );
  return `INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`;
}

/** Forgets a failed batch's buffer (its transaction rolled back). */
export const discardLive = (db: pg.PoolClient): void => void pendingLive.delete(db);

// DO NOTHING keeps the first message for a place in the log, also when two rows of one INSERT share it. Arrays
// (unnest) keep the statement the same size however many rows it carries.
async function insertLive(db: pg.PoolClient, rows: unknown[][]): Promise<void> {
  const column = (i: number) => rows.map((r) => r[i]);
  await db.query(
    `INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data)
     SELECT pax_id, position_major, position_minor, kind, data::jsonb
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::text[], $5::text[]) AS u(pax_id, position_major, position_minor, kind, data)
     ON CONFLICT DO NOTHING`,
    [column(0), column(1), column(2), column(3), column(4)],
  );
}
