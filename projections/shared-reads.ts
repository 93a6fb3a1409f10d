import { decodeEvent } from '../event-schemas';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import { formatPosition, type Position } from '../event-schemas/store/position';
import type { ProjectedEvent } from './projection';

// Every projection reads the same log, usually close together (a catch-up or a rebuild of several runs them side
// by side). Reads are shared: a batch another projection asked for a moment ago is not read and parsed again, and an
// event is decoded once for all of them. Only full batches are kept: a full batch after a position never changes
// (readAll returns nothing a later commit could still precede), while a short one may grow as events arrive.
// Shared events and decodings are read-only to projections (they only read and spread them); only the slot an event
// keeps its programme day in is written (event-days.ts).
const recentReads = new WeakMap<EventStore, Map<string, Promise<StoredEvent[]>>>();
const READS_KEPT = 32;
export const readShared = (store: EventStore, after: Position | 'start', count: number): Promise<StoredEvent[]> => {
  let reads = recentReads.get(store);
  if (!reads) recentReads.set(store, (reads = new Map()));
  const key = `${after === 'start' ? 'start' : formatPosition(after)}/${count}`;
  const hit = reads.get(key);
  if (hit) return hit;
  const kept = reads;
  const read = store.readAll(after, count).then(
    (events) => {
      if (events.length < count) kept.delete(key);
      return events;
    },
    (error: unknown) => {
      kept.delete(key);
      throw error;
    },
  );
  reads.set(key, read);
  if (reads.size > READS_KEPT) reads.delete(reads.keys().next().value as string);
  return read;
};

// One projected event per stored event, shared by every projection it is handed to (a rebuild hands many an event to
// several): building it once per projection was much of what the replay allocated, and most of its time went to GC.
// Written out property by property: V8 builds `{ ...decoded, more }` through a slow path, several times the cost of
// the literal. With this, the metadata and the activity rows also built without spreads, `npm run bench rebuild` went
// from 16,842-18,598 to 23,978-24,864 events/s (alternating runs of both builds).
// Kept by read, index by index, not in WeakMaps by stored event: every read is an array that the projections sharing
// it (a rebuild's, a daemon's groups) index into. Two WeakMap lookups for each event and read model (its projected
// event, its decoding) were 3.5% of a rebuild's Node CPU in a profile, before the collector's work on their 100,000
// entries a rebuild. Rebuilds of every read model over the bench's history, this and the WeakMaps in alternating
// processes (5 pairs of 6 rebuilds): Node CPU a median 2,996 against 3,248 ms, wall 4,097 against 4,440 ms.
const projectedReads = new WeakMap<readonly StoredEvent[], (ProjectedEvent | undefined)[]>();
/** The projected event at each index of `read` from `offset` on (index 0 is read[offset]), decoded on first use. */
export const projectorOf = (read: readonly StoredEvent[], offset: number): ((i: number) => ProjectedEvent) => {
  let kept = projectedReads.get(read);
  if (!kept) projectedReads.set(read, (kept = new Array<ProjectedEvent | undefined>(read.length)));
  const cache = kept;
  return (i) => {
    const at = offset + i;
    let p = cache[at];
    if (p === undefined) {
      const s = read[at];
      const d = decodeEvent(s.type, s.data, s.metadata);
      cache[at] = p = {
        event: d.event,
        metadata: d.metadata,
        streamName: s.streamName,
        revision: s.revision,
        position: s.position,
        eventId: s.eventId,
        day: { zone: undefined, day: undefined },
      };
    }
    return p;
  };
};
