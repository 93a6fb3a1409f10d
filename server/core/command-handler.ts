import { randomUUID } from 'node:crypto';
import { isLeft, isRight } from 'fp-ts/Either';
import { decodeStreamEvent, encodeEvent, type Actor, type DomainEvent, type EventMetadata } from '../../event-schemas';
import { WrongExpectedRevision, type EventStore, type StoredEvent } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import type { Decider, DomainError } from './decider';
import { Problem } from './problem';
import { assertMayAppend, noteErasures, noteErasuresIn } from './erased-streams';
import { stateCacheFor } from './state-cache';

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId?: string;
  now: Date;
}

export interface LoadedEvent<E> {
  event: E;
  metadata: EventMetadata;
  revision: number;
  position: Position;
}

export interface CommandResult<S, E> {
  state: S;
  /** The events read: the whole stream when the command appended nothing, else possibly only those after the cached state. */
  history: LoadedEvent<E>[];
  appended: E[];
  /** Where the last appended event sits in the global log; undefined when the command changed nothing. */
  position?: Position;
}

export const toProblem = (e: DomainError) => new Problem(e.slug, e.message, e.field ? [{ path: e.field, message: e.message }] : undefined);

/** A stored event decoded, with its place in the stream and the log (written out: `{ ...decoded, more }` is slow in V8). */
function loaded<E extends DomainEvent>(s: StoredEvent): LoadedEvent<E> {
  const d = decodeStreamEvent<E>(s.streamName, s.type, s.data, s.metadata);
  return { event: d.event, metadata: d.metadata, revision: s.revision, position: s.position };
}

/** Loads a stream and folds it through the decider. */
export async function loadStream<S, E extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<unknown, S, E>, 'evolve' | 'initialState'>,
  stream: string,
) {
  const stored = await store.readStream(stream);
  const history = stored.map(loaded<E>);
  const state = history.reduce((st, h) => decider.evolve(st, h.event), decider.initialState);
  return { state, history, revision: stored.length ? stored[stored.length - 1].revision : undefined };
}

/**
 * As loadStream, for a state a command is about to be decided on: read through the process's state cache, and left
 * there, so the handleCommand that follows decides on it with no second read (its append still names the revision,
 * so a stream that moved meanwhile is read again, never trusted).
 */
export async function loadForDecision<S, E extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<unknown, S, E>, 'evolve' | 'initialState'>,
  stream: string,
): Promise<{ state: S; revision: number | undefined }> {
  const loaded = await loadForCommand(store, decider, stream);
  noteErasuresIn(store, stream, loaded.history);
  if (loaded.revision !== undefined) stateCacheFor(store).set(decider, stream, { state: loaded.state, revision: loaded.revision });
  return { state: loaded.state, revision: loaded.revision };
}

/** The decoded events of a stream read from `fromRevision` on (the whole stream by default). */
async function readDecoded<E extends DomainEvent>(store: EventStore, stream: string, fromRevision?: number): Promise<LoadedEvent<E>[]> {
  const stored = await store.readStream(stream, fromRevision === undefined ? undefined : { fromRevision });
  return stored.map(loaded<E>);
}

/**
 * The stream's state for a command: from the process's state cache plus the events after it when the cache has it
 * (server/core/state-cache.ts), else from the whole stream. `complete` says whether `history` is the whole stream.
 */
async function loadForCommand<S, E extends DomainEvent>(store: EventStore, decider: Pick<Decider<unknown, S, E>, 'evolve' | 'initialState'>, stream: string) {
  const cached = stateCacheFor(store).get<S>(decider, stream);
  if (!cached) return { ...(await loadStream(store, decider, stream)), complete: true };
  const tail = await readDecoded<E>(store, stream, cached.revision + 1);
  const state = tail.reduce((st, h) => decider.evolve(st, h.event), cached.state);
  return { state, history: tail, revision: tail.length ? tail[tail.length - 1].revision : cached.revision, complete: false };
}

/**
 * Load, decide, append with the expected revision; on a revision conflict reload and decide again, a bounded
 * number of times. This is what keeps two concurrent commands from both spending the same points.
 *
 * A stream whose state this process has cached is first decided on that state alone, with no read: the append names
 * the cached revision, so it succeeds only when no event was appended since, and then the state decided on was the
 * stream's current state (one round trip per command). A conflict there means the cached state was behind: the
 * command is decided again on it plus the events after it (the tail), as is a refusal or a no-op decided on a cached
 * state (the stream may have moved, through another process or an append that bypassed this cache). A fold known to
 * be behind (another fold of this process appended since) reads its tail at once. A conflict after a read drops the
 * entry and the retry reads the whole stream.
 * `history` is the events read: the whole stream when the command changed nothing (its callers look there for what an
 * earlier, identical command decided), possibly none when it appended.
 */
export async function handleCommand<C, S, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<C, S, E>,
  stream: string,
  command: C,
  ctx: CommandContext,
  maxAttempts = 20,
): Promise<CommandResult<S, E>> {
  const cache = stateCacheFor(store);
  const fold = decider;
  const meta = { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? ctx.correlationId, occurredAt: ctx.now.toISOString() };
  const append = async (events: E[], state: S, expectedRevision: number | 'no_stream', history: LoadedEvent<E>[]): Promise<CommandResult<S, E>> => {
    assertMayAppend(store, stream, events);
    const result = await store.appendToStream(
      stream,
      events.map((e) => encodeEvent(randomUUID(), e, meta)),
      { expectedRevision },
    );
    noteErasures(store, stream, events);
    const next = events.reduce(decider.evolve, state);
    cache.set(fold, stream, { state: next, revision: result.nextExpectedRevision });
    return { state: next, history, appended: events, position: result.position };
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const cached = cache.get<S>(fold, stream);
      // Not when another fold of this process already appended past it: that append would only fail.
      if (cached && cache.isNewest(stream, cached)) {
        const optimistic = decider.decide(command, cached.state);
        if (isRight(optimistic) && optimistic.right.length > 0) {
          try {
            return await append(optimistic.right, cached.state, cached.revision, []);
          } catch (error) {
            // The cached state was only behind (events are immutable): the tail after it is read below.
            if (!(error instanceof WrongExpectedRevision)) throw error;
          }
        }
      }
      const loaded = await loadForCommand(store, decider, stream);
      noteErasuresIn(store, stream, loaded.history);
      const decided = decider.decide(command, loaded.state);
      if (isLeft(decided)) throw toProblem(decided.left);
      const events = decided.right;
      if (loaded.revision !== undefined) cache.set(fold, stream, { state: loaded.state, revision: loaded.revision });
      if (events.length === 0) {
        if (loaded.complete) return { state: loaded.state, history: loaded.history, appended: [] };
        const full = await loadStream(store, decider, stream);
        return { state: full.state, history: full.history, appended: [] };
      }
      return await append(events, loaded.state, loaded.revision ?? 'no_stream', loaded.history);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      // Someone else appended: the retry reads the whole stream again rather than trust the cached state.
      cache.forget(fold, stream);
      if (attempt >= maxAttempts) throw new Problem('conflict', 'Too many concurrent changes; try again');
      // Jittered back-off so hot streams under contention do not retry in lock-step.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * attempt)));
    }
  }
}

/** Appends facts that need no decision (an audit fact such as an impersonation starting). */
export async function recordFacts(store: EventStore, stream: string, events: DomainEvent[], ctx: CommandContext) {
  const meta = { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? ctx.correlationId, occurredAt: ctx.now.toISOString() };
  return store.appendToStream(
    stream,
    events.map((e) => encodeEvent(randomUUID(), e, meta)),
    { expectedRevision: 'any' },
  );
}
