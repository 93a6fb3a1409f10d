/*
 * Folded stream states kept in this process with the revision they were folded to, so a command reads only the events
 * after it (the tail) instead of the whole stream: its cost stays flat as a member's history grows. A state is keyed by
 * the fold that made it (the decider's `evolve` and `initialState`) and the stream. Events are immutable and the tail is always read and
 * decoded, so a cached state is never stale, only behind; a revision conflict drops the entry and the retry reads the
 * whole stream. Bounded: the least recently used streams are forgotten first.
 */
const MAX_STREAMS_PER_FOLD = 10_000;

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
  /** The newest revision of each stream any fold has cached: a fold whose entry is older knows it is behind. */
  private readonly newest = new Map<string, number>();

  constructor(private readonly maxStreams = MAX_STREAMS_PER_FOLD) {}

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
      if (this.newest.size >= this.maxStreams) this.newest.delete(this.newest.keys().next().value!);
      this.newest.set(stream, entry.revision);
    }
    const streams = this.streamsOf(fold, true)!;
    streams.delete(stream);
    if (streams.size >= this.maxStreams) streams.delete(streams.keys().next().value!);
    streams.set(stream, entry);
  }

  forget(fold: Fold, stream: string): void {
    this.streamsOf(fold, false)?.delete(stream);
  }
}

/** One cache per event store (tests open several stores in one process, each on its own database). */
const caches = new WeakMap<object, StateCache>();
export const stateCacheFor = (store: object): StateCache => {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new StateCache()));
  return cache;
};
