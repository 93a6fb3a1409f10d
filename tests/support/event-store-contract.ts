/**
 * The event-store port's contract, run against every adapter (tests/integration/event-store/*.test.ts).
 * Each test writes to streams of its own, so the suite also runs against a server that holds other data.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describeConcurrentAppenders } from './event-store-concurrency-contract';
import { describeSubscriptions } from './event-store-subscription-contract';
import { eventually, ev, evs, expectIncreasing, readAllOf, rejection } from './event-store-contract-helpers';

export { eventually, waitFor } from './event-store-contract-helpers';
import {
  DuplicateEventId,
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type StoredEvent,
} from '../../event-schemas/store/event-store';
import { comparePositions } from '../../event-schemas/store/position';

export interface ContractOptions {
  /**
   * Set when the backend cannot refuse an event id reused in another stream or with another type (EventStoreDB keeps
   * no global index of event ids); the reason is shown in the skipped tests' titles.
   */
  reusedEventIdsNotRefused?: string;
}

export type EventStoreFactory = () => Promise<{ store: EventStore; cleanup(): Promise<void> }>;

export function describeEventStoreContract(name: string, factory: EventStoreFactory, options: ContractOptions = {}): void {
  describe(`${name}: event store contract`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    // Unique per run so that the suite can share a server with other data (stream names are `category-id`).
    const run = randomBytes(4).toString('hex');
    let streams = 0;
    const stream = (label = 'x') => `contract${run}-${label}${++streams}`;
    const prefixFor = (label: string) => `contract${run}-${label}`;

    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    describe('appendToStream with an expected revision', () => {
      test("'no_stream' creates the stream, then fails once it exists", async () => {
        const s = stream();
        const r = await store.appendToStream(s, evs(2), { expectedRevision: 'no_stream' });
        expect(r.nextExpectedRevision).toBe(1);
        const error = await rejection(store.appendToStream(s, evs(1), { expectedRevision: 'no_stream' }));
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({ streamName: s, expected: 'no_stream', actual: 1 });
        expect(await store.readStream(s)).toHaveLength(2);
      });

      test("'any' appends whether or not the stream exists", async () => {
        const s = stream();
        expect((await store.appendToStream(s, evs(1), { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
        expect((await store.appendToStream(s, evs(2), { expectedRevision: 'any' })).nextExpectedRevision).toBe(2);
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      test("'stream_exists' fails on an absent stream and appends to an existing one", async () => {
        const s = stream();
        const error = await rejection(store.appendToStream(s, evs(1), { expectedRevision: 'stream_exists' }));
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({ streamName: s, expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(s)).toEqual([]);
        await store.appendToStream(s, evs(1), { expectedRevision: 'no_stream' });
        expect((await store.appendToStream(s, evs(1), { expectedRevision: 'stream_exists' })).nextExpectedRevision).toBe(1);
      });

      test('an exact revision appends after that revision; any other revision fails with WrongExpectedRevision', async () => {
        const s = stream();
        await store.appendToStream(s, evs(2), { expectedRevision: 'no_stream' });
        for (const stale of [0, 2, 7]) {
          const error = await rejection(store.appendToStream(s, evs(1), { expectedRevision: stale }));
          expect(error).toBeInstanceOf(WrongExpectedRevision);
          expect(error).toMatchObject({ streamName: s, expected: stale, actual: 1 });
        }
        const r = await store.appendToStream(s, evs(3), { expectedRevision: 1 });
        expect(r.nextExpectedRevision).toBe(4);
        const absent = await rejection(store.appendToStream(stream(), evs(1), { expectedRevision: 0 }));
        expect(absent).toBeInstanceOf(WrongExpectedRevision);
        expect(absent).toMatchObject({ expected: 0, actual: 'no_stream' });
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      });

      test('of two writers expecting the same revision, one appends and the other gets WrongExpectedRevision', async () => {
        for (let round = 0; round < 5; round++) {
          const s = stream();
          await store.appendToStream(s, evs(1), { expectedRevision: 'no_stream' });
          const a = ev('ByA');
          const b = ev('ByB');
          const results = await Promise.allSettled([
            store.appendToStream(s, [a], { expectedRevision: 0 }),
            store.appendToStream(s, [b], { expectedRevision: 0 }),
          ]);
          const won = results.filter((r) => r.status === 'fulfilled');
          const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0].reason).toBeInstanceOf(WrongExpectedRevision);
          expect(lost[0].reason).toMatchObject({ streamName: s, expected: 0, actual: 1 });
          const winner = results[0].status === 'fulfilled' ? a : b;
          const read = await store.readStream(s);
          expect(read.map((e) => e.eventId)).toEqual([read[0].eventId, winner.eventId]);
        }
      });

      test('the result names the last revision and its position, as read back', async () => {
        const s = stream();
        const batch = evs(3);
        const r = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        const read = await store.readStream(s);
        expect(read.map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(r.nextExpectedRevision).toBe(2);
        expect(comparePositions(r.position, read[2].position)).toBe(0);
        expectIncreasing(read);
      });

      test('an empty append is refused', async () => {
        await expect(store.appendToStream(stream(), [], { expectedRevision: 'any' })).rejects.toThrow();
      });
    });

    describe('idempotent append by event id', () => {
      const expectSameResult = (a: AppendResult, b: AppendResult) => {
        expect(b.nextExpectedRevision).toBe(a.nextExpectedRevision);
        expect(comparePositions(b.position, a.position)).toBe(0);
      };

      test('appending the same events again returns the first result and writes nothing', async () => {
        const s = stream();
        const batch = evs(2);
        const first = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        const again = await store.appendToStream(
          s,
          batch.map((e) => ({ ...e })),
          { expectedRevision: 'no_stream' },
        );
        expectSameResult(first, again);
        expect((await store.readStream(s)).map((e) => e.eventId)).toEqual(batch.map((e) => e.eventId));
      });

      test('a retry with a stale exact revision is recognised after later appends', async () => {
        const s = stream();
        await store.appendToStream(s, evs(1), { expectedRevision: 'no_stream' });
        const retried = [ev('Retried')];
        const first = await store.appendToStream(s, retried, { expectedRevision: 0 });
        await store.appendToStream(s, evs(1), { expectedRevision: 1 });
        const again = await store.appendToStream(s, retried, { expectedRevision: 0 });
        expectSameResult(first, again);
        const read = await store.readStream(s);
        expect(read).toHaveLength(3);
        expect(read.filter((e) => e.eventId === retried[0].eventId)).toHaveLength(1);
      });

      const reuseTest = options.reusedEventIdsNotRefused ? test.skip : test;
      const reuseNote = options.reusedEventIdsNotRefused ? ` (skipped: ${options.reusedEventIdsNotRefused})` : '';

      reuseTest(`an event id reused in another stream is refused with DuplicateEventId${reuseNote}`, async () => {
        const s1 = stream();
        const s2 = stream();
        const e = ev();
        await store.appendToStream(s1, [e], { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(s2, [{ ...e }], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
        expect(await store.readStream(s2)).toEqual([]);
        // Concurrently, too: exactly one of two streams gets the event.
        const shared = ev();
        const results = await Promise.allSettled([stream(), stream()].map((x) => store.appendToStream(x, [shared], { expectedRevision: 'any' })));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(DuplicateEventId);
      });

      reuseTest(`an event id reused in the same stream with another type is refused with DuplicateEventId${reuseNote}`, async () => {
        const s = stream();
        const e = ev('First');
        await store.appendToStream(s, [e], { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(s, [{ ...e, type: 'Other' }], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
        // Mixed with new ids, as a different batch: also refused, nothing written.
        await expect(store.appendToStream(s, [ev(), e], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
        expect(await store.readStream(s)).toHaveLength(1);
      });
    });

    describe('readStream', () => {
      let s: string;
      let written: EventToAppend[];
      beforeAll(async () => {
        s = stream('read');
        written = Array.from({ length: 6 }, (_, i) => ({
          eventId: randomUUID(),
          type: `T${i}`,
          data: { i, nested: { list: [i, 'x'] } },
          metadata: { correlationId: `c${i}` },
        }));
        await store.appendToStream(s, written.slice(0, 2), { expectedRevision: 'no_stream' });
        await store.appendToStream(s, written.slice(2), { expectedRevision: 1 });
      });
      const revisions = (events: StoredEvent[]) => events.map((e) => e.revision);

      test('forwards from the first event, with every field', async () => {
        const read = await store.readStream(s);
        expect(revisions(read)).toEqual([0, 1, 2, 3, 4, 5]);
        read.forEach((e, i) => {
          expect(e).toMatchObject({
            eventId: written[i].eventId,
            streamName: s,
            revision: i,
            type: `T${i}`,
            data: written[i].data,
            metadata: written[i].metadata,
          });
          expect(e.createdAt).toBeInstanceOf(Date);
          expect(Math.abs(e.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
        });
        expectIncreasing(read);
      });

      test('forwards with fromRevision and maxCount', async () => {
        expect(revisions(await store.readStream(s, { fromRevision: 2 }))).toEqual([2, 3, 4, 5]);
        expect(revisions(await store.readStream(s, { maxCount: 2 }))).toEqual([0, 1]);
        expect(revisions(await store.readStream(s, { direction: 'forwards', fromRevision: 3, maxCount: 2 }))).toEqual([3, 4]);
        expect(revisions(await store.readStream(s, { fromRevision: 5, maxCount: 10 }))).toEqual([5]);
        expect(await store.readStream(s, { fromRevision: 6 })).toEqual([]);
      });

      test('backwards from the last event, with fromRevision and maxCount', async () => {
        expect(revisions(await store.readStream(s, { direction: 'backwards' }))).toEqual([5, 4, 3, 2, 1, 0]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', maxCount: 1 }))).toEqual([5]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', fromRevision: 3 }))).toEqual([3, 2, 1, 0]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', fromRevision: 3, maxCount: 2 }))).toEqual([3, 2]);
        expect(revisions(await store.readStream(s, { direction: 'backwards', fromRevision: 0 }))).toEqual([0]);
      });

      test('an absent stream reads as empty, either way', async () => {
        const absent = stream('absent');
        expect(await store.readStream(absent)).toEqual([]);
        expect(await store.readStream(absent, { direction: 'backwards', maxCount: 1 })).toEqual([]);
        expect(await store.readStream(absent, { fromRevision: 3, maxCount: 5 })).toEqual([]);
      });
    });

    describe('readAll and headPosition', () => {
      test("from 'start', paging, returns everything in global order with strictly increasing positions", async () => {
        const prefix = prefixFor('all');
        const a = stream('all');
        const b = stream('all');
        const order: string[] = [];
        for (let i = 0; i < 4; i++) {
          for (const s of [a, b]) {
            const batch = evs(1 + (i % 2));
            await store.appendToStream(s, batch, { expectedRevision: 'any' });
            order.push(...batch.map((e) => e.eventId));
          }
        }
        await eventually(async () => {
          const { events, all } = await readAllOf(store, prefix, 'start', 5);
          expect(events.map((e) => e.eventId)).toEqual(order);
          expectIncreasing(all);
          expect(all.some((e) => e.type.startsWith('$'))).toBe(false);
        });
      });

      test('after a position it returns strictly later events, at most maxCount a page', async () => {
        const head = (await store.headPosition()) ?? 'start';
        const prefix = prefixFor('page');
        const streamsHere = [stream('page'), stream('page'), stream('page')];
        const written: { id: string; result: AppendResult }[] = [];
        for (let i = 0; i < 7; i++) {
          const e = ev('Paged', { i });
          const result = await store.appendToStream(streamsHere[i % 3], [e], { expectedRevision: 'any' });
          written.push({ id: e.eventId, result });
        }
        const { events, pages } = await eventually(async () => {
          const result = await readAllOf(store, prefix, head, 3);
          expect(result.events.map((e) => e.eventId)).toEqual(written.map((w) => w.id));
          return result;
        });
        expect(pages).toBeGreaterThanOrEqual(3);
        events.forEach((e, i) => expect(comparePositions(e.position, written[i].result.position)).toBe(0));
        expectIncreasing(events);

        // Resuming from the third event's position starts exactly at the fourth: `after` is exclusive.
        const resumed = (await store.readAll(events[2].position, 2)).filter((e) => e.streamName.startsWith(prefix));
        expect(resumed.map((e) => e.eventId)).toEqual([written[3].id, written[4].id].slice(0, resumed.length));
        expect(resumed.length).toBeGreaterThan(0);
        const fromLast = (await store.readAll(events[6].position, 100)).filter((e) => e.streamName.startsWith(prefix));
        expect(fromLast).toEqual([]);
        expect(await store.readAll(events[0].position, 0)).toEqual([]);
      });

      test('headPosition is the position of the newest event', async () => {
        const s = stream('head');
        const r1 = await store.appendToStream(s, evs(2), { expectedRevision: 'no_stream' });
        const h1 = await eventually(async () => {
          const h = await store.headPosition();
          expect(h).toBeDefined();
          expect(comparePositions(h!, r1.position)).toBe(0);
          return h;
        });
        const r2 = await store.appendToStream(stream('head'), evs(1), { expectedRevision: 'no_stream' });
        const h2 = await eventually(async () => {
          const h = await store.headPosition();
          expect(comparePositions(h!, r2.position)).toBe(0);
          return h;
        });
        expect(comparePositions(h2!, h1!)).toBe(1);
        expect(await store.readAll(h2!, 10)).toEqual([]);
        // Nothing held open here: the newest committed event is the newest readable one.
        await eventually(async () => expect(comparePositions((await store.committedHead())!, r2.position)).toBe(0));
      });
    });

    describeSubscriptions({ name, store: () => store, stream, prefixFor });
    describeConcurrentAppenders({ name, store: () => store, stream, prefixFor });
  });
}
