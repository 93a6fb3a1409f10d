import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type Position as EsdbPosition,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import { EventEmitter } from 'node:events';
import {
  EventStoreUnavailable,
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAll,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeToAll,
  type Subscription,
} from '../../event-schemas/store/event-store';
import { comparePositions, type Position } from '../../event-schemas/store/position';

/** How often `waitForAppend` wakes up at the latest, even when the live hint subscription says nothing. */
const HINT_POLL_MS = 250;
const RESUBSCRIBE_DELAY_MS = 500;
const HEAD_PAGE = 100;

const toOurs = (p: EsdbPosition): Position => ({ major: p.commit, minor: p.prepare });
const toEsdb = (p: Position): EsdbPosition => ({ commit: p.major, prepare: p.minor });

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return 'any';
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    default:
      return BigInt(expected);
  }
};

/** System events ($metadata, $>, $ProjectionsInitialized, ...) and system streams are not part of our log. */
const isSystem = (e: { type: string; streamId: string }): boolean => e.type.startsWith('$') || e.streamId.startsWith('$');

const isUnavailable = (error: unknown): boolean =>
  error instanceof UnavailableError ||
  (typeof error === 'object' && error !== null && ((error as { code?: unknown }).code === 14 || (error as { type?: unknown }).type === 'unavailable'));

/** Maps the client's errors to the port's; anything else passes through unchanged. */
const translate = (error: unknown, streamName?: string, expected?: ExpectedRevision): unknown => {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion === 'no_stream' ? 'no_stream' : Number(error.actualVersion);
    return new WrongExpectedRevision(streamName ?? error.streamName, expected ?? 'any', actual);
  }
  if (isUnavailable(error)) {
    const e = new EventStoreUnavailable(`EventStoreDB is unavailable: ${(error as Error).message ?? String(error)}`);
    (e as { cause?: unknown }).cause = error;
    return e;
  }
  return error;
};

const toStored = (e: RecordedEvent, fallbackCommit?: bigint): StoredEvent => {
  // Stream reads carry the position only from server 22.6 on; older servers give the commit position alone.
  const position = e.position ? toOurs(e.position) : { major: fallbackCommit ?? 0n, minor: fallbackCommit ?? 0n };
  return {
    eventId: e.id,
    streamName: e.streamId,
    revision: Number(e.revision),
    position,
    type: e.type,
    data: e.data,
    metadata: e.metadata ?? null,
    createdAt: e.created,
  };
};

const toEventData = (e: EventToAppend) =>
  // The client JSON-encodes data and metadata whatever their shape; the type only asks for an object, array or string.
  jsonEvent({ id: e.eventId, type: e.type, data: e.data as JSONType, metadata: e.metadata });

/** EventStoreDB adapter for the event-store port, chosen by EVENTSTORE_CONNECTION_STRING (e.g. `esdb://host:2113?tls=false`). */
export async function createEsdbEventStore(connectionString: string): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(connectionString);
  const subscriptions = new Set<Subscription>();

  const readRawAll = async (direction: Direction, fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> => {
    const out: AllStreamResolvedEvent[] = [];
    try {
      for await (const r of client.readAll({ direction, fromPosition, maxCount })) out.push(r);
    } catch (error) {
      throw translate(error);
    }
    return out;
  };
  const positionOf = (r: AllStreamResolvedEvent): Position | undefined => {
    const p = r.event?.position ?? r.link?.position;
    return p ? toOurs(p) : undefined;
  };

  const readStream = async (streamName: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> => {
    const direction = options.direction === 'backwards' ? BACKWARDS : FORWARDS;
    const fromRevision = options.fromRevision !== undefined ? BigInt(options.fromRevision) : direction === BACKWARDS ? END : START;
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount <= 0) return [];
    const out: StoredEvent[] = [];
    try {
      for await (const r of client.readStream(streamName, { direction, fromRevision, maxCount })) {
        if (r.event) out.push(toStored(r.event, r.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translate(error, streamName);
    }
    return out;
  };

  const appendToStream = async (
    streamName: string,
    events: EventToAppend[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> => {
    if (events.length === 0) throw new Error('nothing to append');
    let result;
    try {
      result = await client.appendToStream(streamName, events.map(toEventData), { expectedRevision: toEsdbExpected(expectedRevision) });
    } catch (error) {
      throw translate(error, streamName, expectedRevision);
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    if (result.position) return { nextExpectedRevision, position: toOurs(result.position) };
    // An idempotent repeat may come back without a position: take it from the event itself.
    const [last] = await readStream(streamName, { fromRevision: nextExpectedRevision, maxCount: 1 });
    if (!last) throw new Error(`stream ${streamName}: appended revision ${nextExpectedRevision} cannot be read back`);
    return { nextExpectedRevision, position: last.position };
  };

  // ESDB's fromPosition is inclusive; the port's `after` is exclusive, and system events are filtered out here, so
  // this reads page after page until it has maxCount events of ours or the log ends.
  const readAll: ReadAll = async (after, maxCount) => {
    const out: StoredEvent[] = [];
    let from: ReadPosition = after === 'start' ? START : toEsdb(after);
    let skipUpTo: Position | undefined = after === 'start' ? undefined : after;
    while (out.length < maxCount) {
      const want = maxCount - out.length + 1;
      const page = await readRawAll(FORWARDS, from, want);
      let lastSeen: Position | undefined;
      for (const r of page) {
        const p = positionOf(r);
        if (p) lastSeen = p;
        const e: AllStreamRecordedEvent | undefined = r.event;
        if (!e || !p) continue;
        if (skipUpTo && comparePositions(p, skipUpTo) <= 0) continue;
        if (isSystem(e)) continue;
        out.push(toStored(e));
        if (out.length === maxCount) break;
      }
      if (page.length < want || !lastSeen || (skipUpTo && comparePositions(lastSeen, skipUpTo) <= 0)) break;
      from = toEsdb(lastSeen);
      skipUpTo = lastSeen;
    }
    return out;
  };

  const headPosition = async (): Promise<Position | undefined> => {
    let from: ReadPosition = END;
    let skipFrom: Position | undefined;
    for (;;) {
      const page = await readRawAll(BACKWARDS, from, HEAD_PAGE);
      let lastSeen: Position | undefined;
      for (const r of page) {
        const p = positionOf(r);
        if (!p) continue;
        lastSeen = p;
        if (skipFrom && comparePositions(p, skipFrom) >= 0) continue;
        if (r.event && !isSystem(r.event)) return p;
      }
      if (page.length < HEAD_PAGE || !lastSeen || (skipFrom && comparePositions(lastSeen, skipFrom) >= 0)) return undefined;
      from = toEsdb(lastSeen);
      skipFrom = lastSeen;
    }
  };

  const subscribeToAll: SubscribeToAll = (after, handler, options = {}) => {
    let cursor: Position | 'start' = after;
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    const run = async () => {
      while (!stopped) {
        const sub = client.subscribeToAll({ fromPosition: cursor === 'start' ? START : toEsdb(cursor), filter: excludeSystemEvents() });
        current = sub;
        try {
          for await (const r of sub as AsyncIterable<AllStreamResolvedEvent>) {
            if (stopped) break;
            const e = r.event;
            if (!e || isSystem(e)) continue;
            const stored = toStored(e);
            // Catch-up subscriptions start after the given position; this also guards a resubscription.
            if (cursor !== 'start' && comparePositions(stored.position, cursor) <= 0) continue;
            await handler(stored);
            cursor = stored.position;
          }
          if (!stopped) await new Promise((r) => setTimeout(r, RESUBSCRIBE_DELAY_MS));
        } catch (error) {
          if (stopped) break;
          options.onError?.(translate(error));
          await new Promise((r) => setTimeout(r, RESUBSCRIBE_DELAY_MS));
        } finally {
          await sub.unsubscribe().catch(() => undefined);
          sub.destroy();
        }
      }
    };
    const done = run();
    const subscription: Subscription = {
      async stop() {
        stopped = true;
        subscriptions.delete(subscription);
        const sub = current;
        if (sub) {
          await sub.unsubscribe().catch(() => undefined);
          // Cancelling the gRPC call does not always end the piped stream: destroy it so the loop above ends.
          sub.destroy();
        }
        await done;
      },
    };
    subscriptions.add(subscription);
    return subscription;
  };

  // A live subscription from the end of the log wakes waiters; a short poll covers the moments it is not connected.
  const hints = new EventEmitter();
  hints.setMaxListeners(0);
  let hintSubscription: Subscription | undefined;
  const ensureHints = () => {
    if (hintSubscription) return;
    const sub = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    sub.on('data', () => hints.emit('append'));
    sub.on('error', () => {
      if (hintSubscription === handle) hintSubscription = undefined;
      sub.destroy();
    });
    const handle: Subscription = {
      async stop() {
        await sub.unsubscribe().catch(() => undefined);
        sub.destroy();
      },
    };
    hintSubscription = handle;
  };

  const waitForAppend = (signal: AbortSignal, timeoutMs: number) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      ensureHints();
      const done = () => {
        clearTimeout(timer);
        hints.off('append', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(timeoutMs, HINT_POLL_MS));
      hints.on('append', done);
      signal.addEventListener('abort', done);
    });

  return {
    backend: 'eventstoredb',
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    waitForAppend,
    headPosition,
    // $all shows an event once it is committed, in commit order: nothing committed sits past the readable head.
    committedHead: headPosition,
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await hintSubscription?.stop();
      hintSubscription = undefined;
      await client.dispose();
    },
  };
}
