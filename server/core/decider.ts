import type { Either } from 'fp-ts/Either';
import type { ProblemSlug } from './problem';

/** A refusal from a decider, named by the problem slug that reports it (its HTTP status lives in problem.ts). */
export interface DomainError {
  slug: ProblemSlug;
  message: string;
  field?: string;
}
export const domainError = (slug: ProblemSlug, message: string, field?: string): DomainError => ({ slug, message, field });

/** Pure write-side logic: fold past events into state, decide what a command makes happen. No I/O, no clock. */
export interface Decider<Command, State, Event> {
  initialState: State;
  // Properties, not methods: a method's parameter is bivariant, and an evolve of another stream's union would pass.
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Either<DomainError, Event[]>;
}

export const fold = <S, E>(evolve: (s: S, e: E) => S, initial: S, events: readonly E[]): S => events.reduce(evolve, initial);
