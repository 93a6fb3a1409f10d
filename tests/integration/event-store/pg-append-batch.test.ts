/**
 * Group commit in the PostgreSQL adapter (server/adapters/pg-append-batcher.ts): appends that arrive while every call
 * is busy go together in one es_append_many call (one transaction), and each is still decided on its own.
 * The store here allows one call in flight: the first append of a burst goes alone, the rest queue behind it.
 */
import { randomUUID } from 'node:crypto';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { DuplicateEventId, WrongExpectedRevision, type EventStore } from '../../../event-schemas/store/event-store';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener, { appendCallsInFlight: 1 });
});
afterAll(async () => {
  await store.close();
  await listener.close();
  await db.drop();
});

const ev = (n = 1, eventId = randomUUID()) => ({ eventId, type: 'T', data: { n }, metadata: {} });
const streamName = () => `batch-${randomUUID()}`;

test('a burst of appends to distinct streams commits in far fewer transactions than appends, each answered rightly', async () => {
  const streams = Array.from({ length: 20 }, streamName);
  const results = await Promise.all(streams.map((s) => store.appendToStream(s, [ev(), ev()], { expectedRevision: 'no_stream' })));
  expect(results.map((r) => r.nextExpectedRevision)).toEqual(streams.map(() => 1));
  const transactions = new Set(results.map((r) => r.position.major));
  // The first went alone, the other 19 in one call.
  expect(transactions.size).toBe(2);
  for (const s of streams) expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1]);
  // Each answer is its own stream's last event.
  for (const [i, s] of streams.entries()) {
    const last = (await store.readStream(s)).at(-1)!;
    expect(results[i].position).toEqual(last.position);
  }
});

test("one append's conflict in a shared call leaves the others appended", async () => {
  const taken = streamName();
  await store.appendToStream(taken, [ev()], { expectedRevision: 'no_stream' });
  const others = Array.from({ length: 5 }, streamName);
  const settled = await Promise.allSettled([
    store.appendToStream(streamName(), [ev()], { expectedRevision: 'no_stream' }),
    store.appendToStream(taken, [ev()], { expectedRevision: 'no_stream' }),
    ...others.map((s) => store.appendToStream(s, [ev()], { expectedRevision: 'no_stream' })),
  ]);
  const conflict = settled[1];
  expect(conflict.status).toBe('rejected');
  expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
  expect((conflict as PromiseRejectedResult).reason.actual).toBe(0);
  expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(6);
  for (const s of others) expect(await store.readStream(s)).toHaveLength(1);
  expect(await store.readStream(taken)).toHaveLength(1);
});

test('two appends to one stream in one call are decided in order: the second sees the first', async () => {
  const s = streamName();
  const [, first, second, third] = await Promise.allSettled([
    store.appendToStream(streamName(), [ev()], { expectedRevision: 'no_stream' }),
    store.appendToStream(s, [ev(1)], { expectedRevision: 'no_stream' }),
    store.appendToStream(s, [ev(2)], { expectedRevision: 0 }),
    store.appendToStream(s, [ev(3)], { expectedRevision: 'no_stream' }),
  ]);
  expect(first.status === 'fulfilled' && first.value.nextExpectedRevision).toBe(0);
  expect(second.status === 'fulfilled' && second.value.nextExpectedRevision).toBe(1);
  expect(third.status).toBe('rejected');
  expect((await store.readStream(s)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
});

test('a repeat of an append in the same call answers the first result and stores nothing twice', async () => {
  const s = streamName();
  const events = [ev(1), ev(2)];
  const [, a, b] = await Promise.all([
    store.appendToStream(streamName(), [ev()], { expectedRevision: 'no_stream' }),
    store.appendToStream(s, events, { expectedRevision: 'no_stream' }),
    store.appendToStream(s, events, { expectedRevision: 'no_stream' }),
  ]);
  expect(b).toEqual(a);
  expect(await store.readStream(s)).toHaveLength(2);
});

test('an event id already stored in another stream fails only the append that repeats it', async () => {
  const used = randomUUID();
  await store.appendToStream(streamName(), [ev(1, used)], { expectedRevision: 'no_stream' });
  const fine = Array.from({ length: 4 }, streamName);
  const settled = await Promise.allSettled([
    store.appendToStream(streamName(), [ev()], { expectedRevision: 'no_stream' }),
    ...fine.map((s) => store.appendToStream(s, [ev()], { expectedRevision: 'no_stream' })),
    store.appendToStream(streamName(), [ev(2, used)], { expectedRevision: 'no_stream' }),
  ]);
  expect(settled.slice(0, 5).every((s) => s.status === 'fulfilled')).toBe(true);
  expect(settled[5].status).toBe('rejected');
  expect((settled[5] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventId);
  for (const s of fine) expect(await store.readStream(s)).toHaveLength(1);
});

test('a call PostgreSQL refuses as a whole (one value it cannot store) fails only the append at fault', async () => {
  const fine = Array.from({ length: 4 }, streamName);
  // jsonb cannot hold U+0000: the statement fails, and with it the shared call's transaction.
  const refused = { eventId: randomUUID(), type: 'T', data: { text: 'a\u0000b' }, metadata: {} };
  const settled = await Promise.allSettled([
    store.appendToStream(streamName(), [ev()], { expectedRevision: 'no_stream' }),
    ...fine.map((s) => store.appendToStream(s, [ev()], { expectedRevision: 'no_stream' })),
    store.appendToStream(streamName(), [refused], { expectedRevision: 'no_stream' }),
  ]);
  expect(settled.slice(0, 5).map((s) => s.status)).toEqual(Array(5).fill('fulfilled'));
  expect(settled[5].status).toBe('rejected');
  expect(String((settled[5] as PromiseRejectedResult).reason)).toMatch(/\\u0000|Unicode/);
  for (const s of fine) expect(await store.readStream(s)).toHaveLength(1);
});
