import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { describeEventStoreContract } from '../../support/event-store-contract';
import { createTestDatabase } from '../../support/test-db';

describeEventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase();
  const listener = new PgListener(db.url);
  const store = await createPgEventStore(db.pool, listener);
  return {
    store,
    async cleanup() {
      await store.close();
      await listener.close();
      await db.drop();
    },
  };
});
