/**
 * The test set-up's own promise (tests/support/pg-global-setup.mjs): no other jest worker's open transaction holds back
 * this worker's log. The store reads only below the oldest transaction running in the whole cluster, so when every
 * worker shared one cluster, a file holding a write transaction open stalled the read models of every file running
 * beside it, and a read-your-writes wait ran out (promotion-tiles failed so in a full run on a loaded machine).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { adminUrlOfWorker, createTestDatabase, workerClusterCount, type TestDatabase } from '../../support/test-db';

const mine = Number(process.env.JEST_WORKER_ID ?? '1');
// With DATABASE_URL every worker shares that one server by design, and a run of one worker starts one cluster: then
// there is no other worker's cluster to check.
const others = Array.from({ length: workerClusterCount() }, (_, i) => i + 1).filter((w) => w !== mine);
const describeWithOthers = others.length > 0 ? describe : describe.skip;
if (others.length === 0)
  console.info('skipped: this run has one PostgreSQL (DATABASE_URL is set, or jest runs one worker), so there is no other cluster to hold open');

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
const held: pg.Client[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
});
afterAll(async () => {
  await Promise.all(held.map((c) => c.query('ROLLBACK').finally(() => c.end())));
  await store.close();
  await listener.close();
  await db.drop();
});

describeWithOthers('a cluster per jest worker', () => {
  it("reads this worker's newest event while every other worker's PostgreSQL holds a write transaction open", async () => {
    for (const worker of others) {
      const client = new pg.Client({ connectionString: adminUrlOfWorker(worker) });
      await client.connect();
      held.push(client);
      await client.query('BEGIN');
      // A transaction id is what holds the horizon back: a read-only transaction has none.
      await client.query('SELECT pg_current_xact_id()');
    }
    const eventId = randomUUID();
    await store.appendToStream(`isolation-${randomUUID()}`, [{ eventId, type: 'Probe', data: {}, metadata: {} }], { expectedRevision: 'no_stream' });
    const read = await store.readAll('start', 1000);
    expect(read.map((e) => e.eventId)).toContain(eventId);
  });
});
