import type pg from 'pg';
import type { DomainEvent, EventMetadata } from '../event-schemas';
import type { Position } from '../event-schemas/store/position';
import { beginBuffer, flushBuffer, pushLiveMessage, type Statement } from './batch-buffer';

export interface ProjectedEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  metadata: EventMetadata;
  streamName: string;
  revision: number;
  position: Position;
  eventId: string;
  /**
   * Where the first read model to date the event keeps its programme day, for the others (event-days.ts): the read
   * models of a rebuild are handed the same event objects (shared-reads.ts). The event itself stays as it was decoded.
   * Absent on events made elsewhere: they are dated each time.
   */
  day?: { zone: string | undefined; day: string | undefined };
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
  /**
   * Optional: tables among `tables` that `applyAll` only inserts into during a rebuild, each row once, and never reads
   * or updates meanwhile. Their shadow copies go without keys through the replay, and get them once it is over
   * (ShadowPreparation builds them by sorting, before the swap): cheaper than keeping a key up to date row by row.
   * A row written twice would fail the key's build, and with it the rebuild, rather than count twice.
   */
  appendOnlyInRebuild?: string[];
  /** Kinds of member live messages it writes (emptied with its tables on reset; a rebuild moves the replay horizon). */
  liveKinds: string[];
  apply(db: pg.PoolClient, e: ProjectedEvent<E>): Promise<Touched | void>;
  /**
   * Optional: applies a whole batch in a few statements instead of a few per event (what makes a rebuild of a long
   * log fast). Must leave the same rows and live messages as `apply` on each event in turn.
   */
  applyAll?(db: pg.PoolClient, events: ProjectedEvent<E>[], rebuild?: string): Promise<Touched>;
  /**
   * Optional, with `applyAll`: during a rebuild (`rebuild` is its id), `applyAll` may hold back writes that only add to
   * totals and write them here, adding to what is already written, and may keep rows it reads and moves in memory
   * instead of its shadow tables meanwhile, writing them here: at the end of each of the rebuild's passes over the log,
   * and once more before its swap, for the events applied since. A rebuild that fails is thrown away whole, what it
   * held with it (the next rebuild has another id).
   */
  finishRebuild?(db: pg.PoolClient, rebuild: string): Promise<void>;
  /**
   * Optional: the read `applyAll` will make first for these events (through `readRows`, exactly this statement). The
   * runner sends it in the round trip that begins the batch, so the read costs no round trip of its own.
   */
  prefetch?(events: ProjectedEvent<E>[]): Statement | undefined;
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

/** Records a message for a member's live stream, in the same transaction as the read rows it describes. */
export const pushLive = (db: pg.PoolClient, paxId: number, e: ProjectedEvent, kind: string, data: unknown): Promise<void> =>
  pushLiveMessage(db, paxId, e.position, kind, data);

/** Begins buffering a batch's writes and live messages (see batch-buffer.ts); flushLive sends them. */
export const bufferLive = beginBuffer;
export const flushLive = flushBuffer;
