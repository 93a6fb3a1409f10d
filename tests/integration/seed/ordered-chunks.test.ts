import { writeChunksInOrder } from '../../../server/seed/synthetic/ordered-chunks';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// The synthetic seed writes two chunks of members at a time; the log and the members written must still be what one
// writer would leave: chunks in order by transaction id, committed in order, and after a failure only the chunks before it.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query('CREATE TABLE chunk_rows (chunk int NOT NULL, n int NOT NULL)');
});
afterAll(() => db.drop());
beforeEach(() => db.pool.query('TRUNCATE chunk_rows'));

/** Each chunk's rows, with the transaction that wrote them, in transaction order. */
const written = async () =>
  (await db.pool.query<{ chunk: number; xid: string }>(`SELECT DISTINCT chunk, xmin::text::bigint AS xid FROM chunk_rows ORDER BY xid`)).rows.map(
    (r) => r.chunk,
  );

/** Chunk i writes three rows after waiting `delays[i]` seconds in its transaction (a later chunk may finish its write first). */
const writeRows = (delays: number[], fail: (chunk: number) => boolean = () => false) => ({
  async write(client: import('pg').PoolClient, chunk: number) {
    await client.query('SELECT pg_sleep($1)', [delays[chunk] ?? 0]);
    if (fail(chunk)) throw new Error(`chunk ${chunk} failed`);
    await client.query('INSERT INTO chunk_rows SELECT $1, n FROM generate_series(1, 3) n', [chunk]);
    return 3;
  },
  finish: async () => undefined,
});

it('commits chunks in order and gives them transaction ids in order, though a later one finishes its work first', async () => {
  const commits: number[] = [];
  await writeChunksInOrder(db.pool, [0, 1, 2, 3], 2, { ...writeRows([0.4, 0, 0.3, 0]), committed: (chunk) => commits.push(chunk) });
  expect(commits).toEqual([0, 1, 2, 3]);
  expect(await written()).toEqual([0, 1, 2, 3]);
});

it('rolls back the chunks after one that fails, even one whose work was done first, and reports the failure', async () => {
  const commits: number[] = [];
  const run = writeChunksInOrder(db.pool, [0, 1, 2, 3], 2, { ...writeRows([0, 0.4, 0, 0], (chunk) => chunk === 1), committed: (chunk) => commits.push(chunk) });
  await expect(run).rejects.toThrow('chunk 1 failed');
  expect(commits).toEqual([0]);
  expect(await written()).toEqual([0]);
});

it('stops after a chunk whose commit report throws: it stays committed, the next rolls back', async () => {
  const run = writeChunksInOrder(db.pool, [0, 1, 2], 2, {
    ...writeRows([0.2, 0]),
    committed: (chunk) => {
      if (chunk === 0) throw new Error('stopped');
    },
  });
  await expect(run).rejects.toThrow('stopped');
  expect(await written()).toEqual([0]);
  // No transaction is left open on the pool's connections.
  const open = await db.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  expect(Number(open.rows[0].n)).toBe(0);
});
