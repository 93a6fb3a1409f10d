/**
 * The PostgreSQL adapter appends in one round trip (one `es_append` statement, no explicit transaction), and its
 * wake-up notifications are coalesced after commit rather than sent once per append inside it.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
const seen = { connects: 0, statements: [] as string[] };

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  const pool = db.pool;
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (text: string, values?: unknown[]) => {
      seen.statements.push(text);
      return query(text, values);
    },
    // pool.query itself checks a client out with a callback; only explicit checkouts (for a transaction) count.
    connect: (...args: unknown[]) => {
      if (args.length === 0) seen.connects++;
      return connect(...args);
    },
  });
});
afterAll(async () => {
  await listener.close();
  await db.drop();
});

const ev = () => ({ eventId: randomUUID(), type: 'T', data: { n: 1 }, metadata: {} });
const settle = () => new Promise((r) => setTimeout(r, 300));

test('an append of several events is one statement on a pooled connection, with no explicit transaction', async () => {
  const store = await createPgEventStore(db.pool, listener);
  await settle();
  seen.connects = 0;
  seen.statements = [];
  const r = await store.appendToStream(`rt-${randomUUID()}`, [ev(), ev(), ev()], { expectedRevision: 'no_stream' });
  expect(r.nextExpectedRevision).toBe(2);
  expect(seen.connects).toBe(0);
  expect(seen.statements.filter((s) => s.includes('es_append('))).toHaveLength(1);
  // The append itself opens no transaction of its own (the coalesced wake-up after it is a transaction apart).
  expect(seen.statements.filter((s) => /\b(BEGIN|COMMIT)\b/.test(s) && !s.includes('pg_notify'))).toEqual([]);
});

test('concurrent appends share wake-up notifications, and a waiting reader is still woken', async () => {
  const store = await createPgEventStore(db.pool, listener);
  await settle();
  seen.statements = [];
  const woken = store.waitForAppend(new AbortController().signal, 5_000).then(() => Date.now());
  const started = Date.now();
  const appends = 40;
  await Promise.all(Array.from({ length: appends }, () => store.appendToStream(`rt-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' })));
  expect(await woken).toBeLessThan(started + 4_000);
  await settle();
  const notifies = seen.statements.filter((s) => s.includes('pg_notify')).length;
  expect(notifies).toBeGreaterThanOrEqual(1);
  expect(notifies).toBeLessThan(appends);
});
