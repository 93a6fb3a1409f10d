import { applyingNow, beginBuffer, deferWrite, flushBuffer, inlined, keepPrefetched, readRows } from '../../../projections/batch-buffer';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// A runner's batch sends statements with their values written in as literals (batch-buffer.ts): they must mean
// exactly what the same statement means with parameters, whatever the values hold.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('a batch buffer', () => {
  it('inlines values that PostgreSQL reads exactly as the same values sent as parameters', async () => {
    const client = await db.pool.connect();
    try {
      const statement = {
        sql: 'SELECT $1::text[] AS texts, $2::bigint[] AS numbers, $3::text AS text, $4::jsonb AS json, $5::date[] AS dates, $6::numeric[] AS big, $7::text AS nothing',
        values: [
          [`O'Brien`, 'back\\slash', '"quoted"', '{braces}, commas', null, '', 'NULL', 'üñí ☃', "it's \\' tricky"],
          [1, -2, 9007199254740991],
          `line\nbreak 'and' \\ "all"`,
          JSON.stringify({ a: "it's", b: ['\\', '"'], c: null }),
          ['2030-01-01', '1999-12-31'],
          ['12345678901234567890', '0'],
          null,
        ],
      };
      const asParameters = await client.query(statement.sql, statement.values);
      const asLiterals = await client.query(inlined(statement));
      expect(asLiterals.rows).toEqual(asParameters.rows);
      expect(asLiterals.rows[0].texts).toEqual(statement.values[0]);
    } finally {
      client.release();
    }
  });

  it('a read sees the writes deferred before it; a prefetched read is handed out only while none of its owner is pending', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE t (n int)');
      beginBuffer(client);
      const count = { sql: 'SELECT count(*)::int AS n FROM t WHERE n > $1', values: [0] };
      keepPrefetched(client, 'owner', count, { rows: [{ n: 42 }] } as never);
      // Prefetched and nothing of its owner written since: the prefetched rows.
      expect((await readRows<{ n: number }>(client, count)).rows[0].n).toBe(42);
      await deferWrite(client, { sql: 'INSERT INTO t VALUES ($1), ($2)', values: [1, 2] });
      expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(0);
      // A read goes to the database after the deferred writes.
      expect((await readRows<{ n: number }>(client, count)).rows[0].n).toBe(2);
      // Prefetched, but its owner wrote since: the database answers (after the write).
      keepPrefetched(client, 'owner', count, { rows: [{ n: 42 }] } as never);
      applyingNow(client, 'owner');
      await deferWrite(client, { sql: 'INSERT INTO t VALUES ($1)', values: [3] });
      expect((await readRows<{ n: number }>(client, count)).rows[0].n).toBe(3);
      await deferWrite(client, { sql: 'INSERT INTO t VALUES ($1)', values: [3] });
      await flushBuffer(client);
      expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(4);
      // Outside a batch a write goes at once.
      await deferWrite(client, { sql: 'INSERT INTO t VALUES ($1)', values: [4] });
      expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(5);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
