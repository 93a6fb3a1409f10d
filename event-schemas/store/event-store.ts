import type { Position } from './position';

/** EventStoreDB's expected-revision choices: any, no stream yet, the stream exists, or an exact revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface EventToAppend {
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export interface StoredEvent {
  eventId: string;
  streamName: string;
  /** 0-based revision of the event within its stream. */
  revision: number;
  position: Position;
  type: string;
  data: unknown;
  metadata: unknown;
  createdAt: Date;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: number;
  /** Position of the last appended event in the global log. */
  position: Position;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamName}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

/** An event id reused for different content, or for a different place: appending it is refused. */
export class DuplicateEventId extends Error {}

export class EventStoreUnavailable extends Error {}

export type AppendToStream = (streamName: string, events: EventToAppend[], options: { expectedRevision: ExpectedRevision }) => Promise<AppendResult>;

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive starting revision (from the end when reading backwards; default the first or last). */
  fromRevision?: number;
  maxCount?: number;
}
/** Reads a stream; an absent stream reads as empty. */
export type ReadStream = (streamName: string, options?: ReadStreamOptions) => Promise<StoredEvent[]>;

/** Reads the whole log strictly after `after` (or from the start), in global order, at most `maxCount` events. */
export type ReadAll = (after: Position | 'start', maxCount: number) => Promise<StoredEvent[]>;

export interface Subscription {
  /** Resolves once the subscription has stopped and no handler is running. */
  stop(): Promise<void>;
}

/** A catch-up subscription over the whole log: past events first, then live ones, each once, in order. */
export type SubscribeToAll = (
  after: Position | 'start',
  handler: (event: StoredEvent) => Promise<void>,
  options?: { onError?: (error: unknown) => void },
) => Subscription;

export interface EventStore {
  readonly backend: 'postgresql' | 'eventstoredb';
  appendToStream: AppendToStream;
  readStream: ReadStream;
  readAll: ReadAll;
  subscribeToAll: SubscribeToAll;
  /** Resolves when new events may be readable (a hint; readers must still read). */
  waitForAppend(signal: AbortSignal, timeoutMs: number): Promise<void>;
  /** How many events the log holds, where the backend can tell cheaply (for progress bars). */
  countAll?(): Promise<number>;
  /**
   * Events appended so far, read from a counter in constant time (it may run ahead of countAll by appends that
   * failed after drawing their positions): for rates and trends sampled on a timer, where countAll would scan the log.
   */
  appendedCount?(): Promise<number>;
  /** The position of the newest readable event, for lag and metrics. */
  headPosition(): Promise<Position | undefined>;
  /**
   * The position of the newest committed event. A reader may not reach it yet: where a transaction opened before it is
   * still open, the log is read in order only up to that transaction (headPosition stops there too). A caller that
   * must see everything committed so far, such as a job run right after a report, waits for its read models to pass it.
   */
  committedHead(): Promise<Position | undefined>;
  close(): Promise<void>;
}
