/**
 * The contract's concurrency test: many appenders, one subscriber following the log from the start. It is the test
 * a naive `global_position > $last` reader fails (events committed out of order are skipped).
 */
import {
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type StoredEvent,
} from '../../event-schemas/store/event-store';
import { ev, expectIncreasing, readAllOf, sleep, waitFor } from './event-store-contract-helpers';

const CONCURRENT_APPENDERS = 8;
const CONCURRENT_EVENTS = 10_000;

export interface ContractContext {
  /** The backend's name, for the timing line the test prints. */
  name: string;
  /** The store under test (created in the suite's beforeAll, so read it inside the test). */
  store(): EventStore;
  stream(label?: string): string;
  prefixFor(label: string): string;
}

export function describeConcurrentAppenders(ctx: ContractContext): void {
  describe('under concurrent appenders', () => {
    test(`a subscriber from 'start' sees each of ${CONCURRENT_EVENTS} events exactly once, each stream in revision order, while ${CONCURRENT_APPENDERS} appenders write`, async () => {
      const store = ctx.store();
      const { name, stream, prefixFor } = ctx;
      const prefix = prefixFor('conc');
      const contended = Array.from({ length: 4 }, () => stream('conc'));
      const seen: StoredEvent[] = [];
      const errors: unknown[] = [];
      const sub = store.subscribeToAll(
        'start',
        async (e) => {
          if (e.streamName.startsWith(prefix)) seen.push(e);
        },
        { onError: (e) => errors.push(e) },
      );
      const written = new Map<string, number>(); // eventId -> revision
      const lengths = new Map<string, number>();
      let budget = CONCURRENT_EVENTS;
      let conflicts = 0;
      const take = (n: number) => {
        const k = Math.min(n, budget);
        budget -= k;
        return k;
      };
      const record = (s: string, batch: EventToAppend[], r: AppendResult) => {
        batch.forEach((e, i) => written.set(e.eventId, r.nextExpectedRevision - batch.length + 1 + i));
        lengths.set(s, r.nextExpectedRevision + 1);
      };
      const appender = async (w: number) => {
        // Streams of this appender alone, written with every kind of expected revision.
        const own = Array.from({ length: 40 }, () => stream(`conc`));
        const ownRevision = new Map<string, number>();
        let i = 0;
        for (;;) {
          const n = take(1 + (i % 3 === 0 ? 2 : 0));
          if (n === 0) return;
          const batch = Array.from({ length: n }, (_, k) => ev(`W${w}`, { w, i, k }));
          i++;
          if (i % 5 === 0) {
            // A contended stream: read its revision, append with exactly that, retry on conflict.
            const s = contended[(w + i) % contended.length];
            for (;;) {
              const [last] = await store.readStream(s, { direction: 'backwards', maxCount: 1 });
              const expectedRevision: ExpectedRevision = last ? last.revision : 'no_stream';
              try {
                record(s, batch, await store.appendToStream(s, batch, { expectedRevision }));
                break;
              } catch (error) {
                if (!(error instanceof WrongExpectedRevision)) throw error;
                conflicts++;
              }
            }
          } else {
            const s = own[(i * 7 + w) % own.length];
            const current = ownRevision.get(s);
            const expectedRevision: ExpectedRevision = current === undefined ? 'no_stream' : ([current, 'any', 'stream_exists'][i % 3] as ExpectedRevision);
            const r = await store.appendToStream(s, batch, { expectedRevision });
            ownRevision.set(s, r.nextExpectedRevision);
            record(s, batch, r);
          }
        }
      };
      try {
        const started = Date.now();
        await Promise.all(Array.from({ length: CONCURRENT_APPENDERS }, (_, w) => appender(w)));
        const appended = Date.now() - started;
        expect(written.size).toBe(CONCURRENT_EVENTS);
        await waitFor(() => seen.length >= CONCURRENT_EVENTS, 60_000, `the subscriber to see ${CONCURRENT_EVENTS} events (has ${seen.length})`);
        await sleep(500); // anything delivered twice would arrive now
        const caughtUp = Date.now() - started;

        expect(errors).toEqual([]);
        expect(seen.length).toBe(CONCURRENT_EVENTS);
        const ids = new Set(seen.map((e) => e.eventId));
        expect(ids.size).toBe(CONCURRENT_EVENTS);
        for (const id of written.keys()) if (!ids.has(id)) throw new Error(`event ${id} was never delivered`);
        expectIncreasing(seen);

        const byStream = new Map<string, number[]>();
        for (const e of seen) {
          expect(e.revision).toBe(written.get(e.eventId));
          const list = byStream.get(e.streamName) ?? [];
          list.push(e.revision);
          byStream.set(e.streamName, list);
        }
        for (const [s, list] of byStream) {
          expect({ s, list }).toEqual({ s, list: Array.from({ length: lengths.get(s)! }, (_, i) => i) });
        }
        expect(byStream.size).toBe(lengths.size);
        // The contended streams did see conflicts, and all their appends landed.
        const contendedTotal = contended.reduce((sum, s) => sum + (lengths.get(s) ?? 0), 0);
        expect(contendedTotal).toBeGreaterThan(0);

        // Reading the log afresh gives the same order.
        const { events } = await readAllOf(store, prefix, 'start', 1000);
        expect(events.map((e) => e.eventId)).toEqual(seen.map((e) => e.eventId));
        console.info(
          `${name}: ${CONCURRENT_EVENTS} events by ${CONCURRENT_APPENDERS} appenders in ${appended} ms; subscriber caught up after ${caughtUp - 500} ms; ` +
            `${lengths.size} streams, ${contendedTotal} events in 4 contended streams, ${conflicts} revision conflicts retried`,
        );
      } finally {
        await sub.stop();
      }
    }, 180_000);
  });
}
