/** The status sampler runs on a timer, so it must not count the whole log: it reads the store's append counter. */
import { randomUUID } from 'node:crypto';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { StatusSampler } from '../../../server/operations/status-sampler';
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

test('samples the number of events and the append rate without countAll', async () => {
  const store = await createPgEventStore(db.pool, listener);
  const guarded = { ...store, countAll: () => Promise.reject(new Error('countAll scans the whole log; a timer must not call it')) };
  const sampler = new StatusSampler(db.pool, guarded);
  const before = await sampler.sample();
  const ev = () => ({ eventId: randomUUID(), type: 'T', data: {}, metadata: {} });
  await store.appendToStream(`sampler-${randomUUID()}`, [ev(), ev(), ev()], { expectedRevision: 'no_stream' });
  await new Promise((r) => setTimeout(r, 20));
  const after = await sampler.sample();
  expect(before).toBeDefined();
  expect(after!.totalEvents! - before!.totalEvents!).toBe(3);
  expect(after!.appendsPerSecond).toBeGreaterThan(0);
  expect(await store.appendedCount!()).toBe(await store.countAll!());
});
