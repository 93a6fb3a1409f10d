import pg from 'pg';
import { ShadowPreparation } from '../../../projections/rebuild-swap';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// A rebuild hands its shadow tables in as each read model finishes replaying, while earlier ones are being prepared.
// A table handed in just as the preparing connections let go of their last one must still be prepared.
jest.setTimeout(60_000);
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await db.pool.query(`CREATE SCHEMA live; CREATE SCHEMA shadow`);
  for (const t of ['t1', 't2', 't3'])
    await db.pool.query(`CREATE TABLE live.${t} (id int PRIMARY KEY, v int); CREATE INDEX ${t}_v ON live.${t} (v); CREATE TABLE shadow.${t} (id int, v int)`);
});
afterAll(() => db.drop());

/**
 * The database's own connections, each holding its `RESET maintenance_work_mem` (what a preparing connection runs as it
 * lets go) until the test opens the gate: the moment a worker has taken its last table and not yet stopped.
 */
function gatedPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const connect = pool.connect.bind(pool);
  const gated = Object.assign(pool, {
    connect: async () => {
      const client = await connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
      (client as unknown as { query: (...args: unknown[]) => Promise<pg.QueryResult> }).query = async (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('RESET maintenance_work_mem')) {
          waiting++;
          await gate;
        }
        return query(...args);
      };
      return client;
    },
  });
  return { pool: gated as pg.Pool, open, waiting: () => waiting };
}

const indexesOf = async (table: string) =>
  (await db.pool.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'shadow' AND tablename = $1 ORDER BY 1`, [table])).rows.map(
    (r) => r.indexname,
  );

it('prepares a table handed in while both preparing connections are letting go of theirs', async () => {
  const gated = gatedPool(db.url);
  try {
    const preparation = new ShadowPreparation(gated.pool, 'live', 'shadow', 3);
    preparation.add(['t1', 't2']);
    // Both workers have prepared their table and found the queue empty.
    while (gated.waiting() < 2) await new Promise((r) => setTimeout(r, 10));
    preparation.add(['t3']);
    gated.open();
    await preparation.finish(['t1', 't2', 't3']);
    for (const t of ['t1', 't2', 't3']) expect(await indexesOf(t)).toEqual([`${t}_pkey`, `${t}_v`]);
  } finally {
    await gated.pool.end();
  }
});
