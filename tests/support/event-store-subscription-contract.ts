/**
 * The contract's subscription tests: catch-up then live delivery, starting after a position, stopping, and
 * waitForAppend. Split from event-store-contract.ts to keep each file readable; run by describeEventStoreContract.
 */
import type { StoredEvent } from '../../event-schemas/store/event-store';
import type { ContractContext } from './event-store-concurrency-contract';
import { evs, expectIncreasing, sleep, waitFor } from './event-store-contract-helpers';

export function describeSubscriptions({ store: storeOf, stream, prefixFor }: ContractContext): void {
  // The store is created in the suite's beforeAll, so it is read inside each test.
  let store = undefined as unknown as ReturnType<typeof storeOf>;
  beforeAll(() => {
    store = storeOf();
  });

  describe('subscribeToAll', () => {
    test('catches up on past events, then receives live ones, each once and in order', async () => {
      const prefix = prefixFor('sub');
      const head = (await store.headPosition()) ?? 'start';
      const s1 = stream('sub');
      const s2 = stream('sub');
      const past = evs(3);
      await store.appendToStream(s1, past.slice(0, 2), { expectedRevision: 'no_stream' });
      await store.appendToStream(s2, past.slice(2), { expectedRevision: 'no_stream' });
      const seen: StoredEvent[] = [];
      const errors: unknown[] = [];
      const sub = store.subscribeToAll(
        head,
        async (e) => {
          if (e.streamName.startsWith(prefix)) seen.push(e);
        },
        { onError: (e) => errors.push(e) },
      );
      try {
        await waitFor(() => seen.length >= 3, 10_000, 'the past events');
        const live = evs(2);
        await store.appendToStream(s1, [live[0]], { expectedRevision: 1 });
        await store.appendToStream(s2, [live[1]], { expectedRevision: 0 });
        await waitFor(() => seen.length >= 5, 10_000, 'the live events');
        await sleep(300);
        expect(seen.map((e) => e.eventId)).toEqual([...past, ...live].map((e) => e.eventId));
        expectIncreasing(seen);
        expect(errors).toEqual([]);
      } finally {
        await sub.stop();
      }
    });

    test('starts strictly after the given position', async () => {
      const prefix = prefixFor('after');
      const s = stream('after');
      const batch = evs(4);
      await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
      const read = await store.readStream(s);
      const seen: string[] = [];
      const sub = store.subscribeToAll(read[1].position, async (e) => {
        if (e.streamName.startsWith(prefix)) seen.push(e.eventId);
      });
      try {
        await waitFor(() => seen.length >= 2, 10_000, 'the events after the position');
        await sleep(200);
        expect(seen).toEqual([batch[2].eventId, batch[3].eventId]);
      } finally {
        await sub.stop();
      }
    });

    test('stop() waits for the running handler and then nothing more is delivered', async () => {
      const prefix = prefixFor('stop');
      const head = (await store.headPosition()) ?? 'start';
      const s = stream('stop');
      await store.appendToStream(s, evs(3), { expectedRevision: 'no_stream' });
      const seen: string[] = [];
      let running = false;
      let started = false;
      const sub = store.subscribeToAll(head, async (e) => {
        if (!e.streamName.startsWith(prefix)) return;
        running = true;
        started = true;
        await sleep(150);
        seen.push(e.eventId);
        running = false;
      });
      await waitFor(() => started, 10_000, 'the handler to start');
      await sub.stop();
      expect(running).toBe(false);
      const count = seen.length;
      expect(count).toBeGreaterThanOrEqual(1);
      await store.appendToStream(s, evs(2), { expectedRevision: 2 });
      await sleep(600);
      expect(seen.length).toBe(count);
      await sub.stop(); // stopping twice is harmless
    });
  });

  describe('waitForAppend', () => {
    test('resolves soon after an append, when aborted, and at its timeout', async () => {
      const abort = new AbortController();
      let t = Date.now();
      const waiting = store.waitForAppend(abort.signal, 20_000);
      await sleep(50);
      await store.appendToStream(stream('wait'), evs(1), { expectedRevision: 'no_stream' });
      await waiting;
      expect(Date.now() - t).toBeLessThan(5_000);

      t = Date.now();
      const aborted = store.waitForAppend(abort.signal, 20_000);
      abort.abort();
      await aborted;
      expect(Date.now() - t).toBeLessThan(1_000);

      t = Date.now();
      await store.waitForAppend(abort.signal, 20_000); // already aborted
      expect(Date.now() - t).toBeLessThan(1_000);

      t = Date.now();
      await store.waitForAppend(new AbortController().signal, 100);
      expect(Date.now() - t).toBeLessThan(2_000);
    });
  });
}
