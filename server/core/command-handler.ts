import { randomUUID } from 'node:crypto';
import { isLeft } from 'fp-ts/Either';
import { decodeStreamEvent, encodeEvent, type Actor, type DomainEvent, type EventMetadata } from '../../event-schemas';
import { WrongExpectedRevision, type EventStore } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import type { Decider, DomainError } from './decider';
import { Problem } from './problem';

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
  history: LoadedEvent<E>[];
  appended: E[];
  /** Where the last appended event sits in the global log; undefined when the command changed nothing. */
  position?: Position;
}

export const toProblem = (e: DomainError) => new Problem(e.slug, e.message, e.field ? [{ path: e.field, message: e.message }] : undefined);

/** Loads a stream and folds it through the decider. */
export async function loadStream<S, E extends DomainEvent>(store: EventStore, decider: Pick<Decider<unknown, S, E>, 'evolve' | 'initialState'>, stream: string) {
  const stored = await store.readStream(stream);
  const history = stored.map((s): LoadedEvent<E> => ({ ...decodeStreamEvent<E>(s.streamName, s.type, s.data, s.metadata), revision: s.revision, position: s.position }));
  const state = history.reduce((st, h) => decider.evolve(st, h.event), decider.initialState);
  return { state, history, revision: stored.length ? stored[stored.length - 1].revision : undefined };
}

/**
 * Load, decide, append with the expected revision; on a revision conflict reload and decide again, a bounded
 * number of times. This is what keeps two concurrent commands from both spending the same points.
 */
export async function handleCommand<C, S, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<C, S, E>,
  stream: string,
  command: C,
  ctx: CommandContext,
  maxAttempts = 20,
): Promise<CommandResult<S, E>> {
  for (let attempt = 1; ; attempt++) {
    const { state, history, revision } = await loadStream(store, decider, stream);
    const decided = decider.decide(command, state);
    if (isLeft(decided)) throw toProblem(decided.left);
    const events = decided.right;
    if (events.length === 0) return { state, history, appended: [] };
    const meta = { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? ctx.correlationId, occurredAt: ctx.now.toISOString() };
    try {
      const result = await store.appendToStream(
        stream,
        events.map((e) => encodeEvent(randomUUID(), e, meta)),
        { expectedRevision: revision ?? 'no_stream' },
      );
      return { state: events.reduce(decider.evolve, state), history, appended: events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision) || attempt >= maxAttempts) {
        if (error instanceof WrongExpectedRevision) throw new Problem('conflict', 'Too many concurrent changes; try again');
        throw error;
      }
      // Jittered back-off so hot streams under contention do not retry in lock-step.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * attempt)));
    }
  }
}

/** Appends facts that need no decision (an audit fact such as an impersonation starting). */
export async function recordFacts(store: EventStore, stream: string, events: DomainEvent[], ctx: CommandContext) {
  const meta = { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? ctx.correlationId, occurredAt: ctx.now.toISOString() };
  return store.appendToStream(stream, events.map((e) => encodeEvent(randomUUID(), e, meta)), { expectedRevision: 'any' });
}
