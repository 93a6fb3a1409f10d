import { randomUUID } from 'node:crypto';
import { createEsdbEventStore } from '../../../server/adapters/esdb-event-store';
import { EventStoreUnavailable } from '../../../event-schemas/store/event-store';
import { describeEventStoreContract } from '../../support/event-store-contract';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
const reason = 'EVENTSTORE_CONNECTION_STRING is not set; no EventStoreDB server on this machine';

if (connectionString) {
  describeEventStoreContract(
    'EventStoreDB',
    async () => {
      const store = await createEsdbEventStore(connectionString);
      return { store, cleanup: () => store.close() };
    },
    { reusedEventIdsNotRefused: 'EventStoreDB keeps no global index of event ids, so it cannot refuse an id reused elsewhere' },
  );
} else {
  console.warn(`EventStoreDB contract skipped: ${reason}`);
  describe.skip(`EventStoreDB contract (skipped: ${reason})`, () => {
    test('runs the shared event-store contract against EventStoreDB', () => undefined);
  });
}

// Needs no server: nothing listens on port 1, and the client fails fast with gRPC code 14 (appends) or
// UnavailableError (reads), both of which the adapter reports as EventStoreUnavailable.
describe('EventStoreDB adapter with no server reachable', () => {
  test('every operation fails with EventStoreUnavailable; a subscription reports it and still stops', async () => {
    const store = await createEsdbEventStore('esdb://127.0.0.1:1?tls=false');
    try {
      const event = { eventId: randomUUID(), type: 'T', data: {}, metadata: {} };
      await expect(store.appendToStream('unreachable-1', [event], { expectedRevision: 'any' })).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.readStream('unreachable-1')).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.readAll('start', 10)).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailable);
      const errors: unknown[] = [];
      const sub = store.subscribeToAll('start', async () => undefined, { onError: (e) => errors.push(e) });
      const until = Date.now() + 10_000;
      while (errors.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await sub.stop();
      expect(errors[0]).toBeInstanceOf(EventStoreUnavailable);
      const started = Date.now();
      await store.waitForAppend(new AbortController().signal, 10_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await store.close();
    }
  });
});
