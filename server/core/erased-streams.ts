import type { DomainEvent } from '../../event-schemas';
import { Problem } from './problem';

/*
 * A member stream closes with MemberErased (issue 25, item 4): nothing that moves points or says something about the
 * person may be appended after it, or an award racing the erasure would put points (and a description) back on an
 * erased account. handleCommand asks here before every append. A stream is known closed once this process has read
 * or appended its MemberErased; a command deciding on a cached state from before it appends at that state's revision,
 * which conflicts, and the retry reads the tail that holds the erasure. One set per store (tests run several).
 */

/** Facts that may still follow an erasure: they move no points and carry nothing about the person. */
const ALLOWED_AFTER_ERASURE: ReadonlySet<string> = new Set(['GiftOrderAbandoned', 'ImpersonationEnded']);

const closed = new WeakMap<object, Set<string>>();
const closedFor = (store: object): Set<string> => {
  let set = closed.get(store);
  if (!set) closed.set(store, (set = new Set()));
  return set;
};

/** Remembers the stream as closed when these events (read or appended) hold its erasure. */
export function noteErasures(store: object, stream: string, events: readonly { type: string }[]): void {
  if (events.some((e) => e.type === 'MemberErased')) closedFor(store).add(stream);
}

/** The same for events as loaded (no copy of the history on a command's path). */
export function noteErasuresIn(store: object, stream: string, history: readonly { event: { type: string } }[]): void {
  if (history.some((h) => h.event.type === 'MemberErased')) closedFor(store).add(stream);
}

/** Refuses (410) events a closed stream may not take. */
export function assertMayAppend(store: object, stream: string, events: readonly DomainEvent[]): void {
  if (!closedFor(store).has(stream)) return;
  if (events.every((e) => ALLOWED_AFTER_ERASURE.has(e.type))) return;
  throw new Problem('gone', `The member of ${stream} was erased: nothing more is recorded for them`);
}

/** True when the problem is the refusal above: a process on the log skips an erased member instead of failing. */
export const isErasedMemberRefusal = (error: unknown): boolean => error instanceof Problem && error.slug === 'gone' && /was erased/.test(error.detail);

/** For a process on the log: an erased member's refusal means there is nothing to do for them; anything else still fails. */
export const skipErased = (error: unknown): undefined => {
  if (isErasedMemberRefusal(error)) return undefined;
  throw error;
};
