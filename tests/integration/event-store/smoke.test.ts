import { randomUUID } from 'node:crypto';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
});
afterAll(async () => {
  await listener.close();
  await db.drop();
});

test('an appended event reads back from its stream and from the global log', async () => {
  const store = await createPgEventStore(db.pool, listener);
  const r = await store.appendToStream('member-1', [{ eventId: randomUUID(), type: 'X', data: { a: 1 }, metadata: {} }], { expectedRevision: 'no_stream' });
  expect(r.nextExpectedRevision).toBe(0);
  expect((await store.readStream('member-1')).map((e) => e.data)).toEqual([{ a: 1 }]);
  expect((await store.readAll('start', 10)).map((e) => e.streamName)).toEqual(['member-1']);
});
