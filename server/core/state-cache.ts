/*
 * Folded stream states kept in this process with the revision they were folded to, so a command reads only the events
 * after it (the tail) instead of the whole stream: its cost stays flat as a member's history grows. A state is keyed by
 * the fold that made it (the decider's `evolve` and `initialState`) and the stream. Events are immutable and the tail is always read and
 * decoded, so a cached state is never stale, only behind; a revision conflict drops the entry and the retry reads the
 * whole stream. Bounded by what the states hold, not by how many members there are: a state grows with the events
 * folded into it (a member's lots, a treatment's caps), so each fold keeps at most MAX_EVENTS_PER_FOLD folded events
 * (a member of a few events costs as little, one of hundreds as much) and MAX_STREAMS_PER_FOLD streams, forgetting
 * the least recently used first.
 */
import { oldestKey } from './oldest-key';

const MAX_STREAMS_PER_FOLD = 10_000;
/** Folded events kept per fold: a bound on what the cache holds whatever the programme's size (a long stream still fits). */
const MAX_EVENTS_PER_FOLD = 200_000;

/** What an entry holds, as the events folded into it. */
const weightOf = (entry: CachedState<unknown>) => entry.revision + 1;

export interface CachedState<S> {
  state: S;
  revision: number;
}

/** What a state is folded with: the same evolve from another initial state is another fold. */
export interface Fold {
  evolve: unknown;
  initialState: unknown;
}

export class StateCache {
  private readonly folds = new WeakMap<object, Map<unknown, Map<string, CachedState<unknown>>>>();
  /** The events folded into each fold's entries, kept under maxEvents. */
  private readonly weights = new WeakMap<Map<string, CachedState<unknown>>, number>();
  /** The newest revision of each stream any fold has cached: a fold whose entry is older knows it is behind. */
  private readonly newest = new Map<string, number>();

  constructor(
    private readonly maxStreams = MAX_STREAMS_PER_FOLD,
    private readonly maxEvents = MAX_EVENTS_PER_FOLD,
  ) {}

  private streamsOf(fold: Fold, create: boolean): Map<string, CachedState<unknown>> | undefined {
    let byInitial = this.folds.get(fold.evolve as object);
    if (!byInitial && create) this.folds.set(fold.evolve as object, (byInitial = new Map()));
    let streams = byInitial?.get(fold.initialState);
    if (!streams && create && byInitial) byInitial.set(fold.initialState, (streams = new Map()));
    return streams;
  }

  get<S>(fold: Fold, stream: string): CachedState<S> | undefined {
    const streams = this.streamsOf(fold, false);
    const hit = streams?.get(stream);
    if (!hit || !streams) return undefined;
    // Most recently used last, so the oldest is the first key.
    streams.delete(stream);
    streams.set(stream, hit);
    return hit as CachedState<S>;
  }

  /** Whether an entry is at the newest revision of its stream this process has seen (through any fold). */
  isNewest(stream: string, entry: CachedState<unknown>): boolean {
    return (this.newest.get(stream) ?? -1) <= entry.revision;
  }

  set<S>(fold: Fold, stream: string, entry: CachedState<S>): void {
    if ((this.newest.get(stream) ?? -1) < entry.revision) {
      this.newest.delete(stream);
      if (this.newest.size >= this.maxStreams) this.newest.delete(oldestKey(this.newest)!);
      this.newest.set(stream, entry.revision);
    }
    const streams = this.streamsOf(fold, true)!;
    this.remove(streams, stream);
    // A state heavier than the whole budget is not kept: it would push out every other.
    if (weightOf(entry) > this.maxEvents) return;
    let weight = (this.weights.get(streams) ?? 0) + weightOf(entry);
    while (streams.size > 0 && (streams.size >= this.maxStreams || weight > this.maxEvents)) {
      const oldest = oldestKey(streams)!;
      weight -= weightOf(streams.get(oldest)!);
      streams.delete(oldest);
    }
    streams.set(stream, entry);
    this.weights.set(streams, weight);
  }

  forget(fold: Fold, stream: string): void {
    const streams = this.streamsOf(fold, false);
    if (streams) this.remove(streams, stream);
  }

  /** The events folded into a fold's cached states (for tests and metrics). */
  eventsHeld(fold: Fold): number {
    const streams = this.streamsOf(fold, false);
    return streams ? (this.weights.get(streams) ?? 0) : 0;
  }

  private remove(streams: Map<string, CachedState<unknown>>, stream: string): void {
    const was = streams.get(stream);
    if (!was) return;
    streams.delete(stream);
    this.weights.set(streams, (this.weights.get(streams) ?? 0) - weightOf(was));
  }
}

/** One cache per event store (tests open several stores in one process, each on its own database). */
const caches = new WeakMap<object, StateCache>();
export const stateCacheFor = (store: object): StateCache => {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new StateCache()));
  return cache;
};
