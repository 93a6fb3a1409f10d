/**
 * The PostgreSQL adapter appends in one round trip (one `es_append` statement, no explicit transaction), and its
 * wake-up notifications are coalesced after commit, on a connection of their own, rather than sent once per append
 * inside it; readers in the same process are woken without one.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pgModule from 'pg';
import { APPENDED_CHANNEL, createPgEventStore } from '../../../server/adapters/pg-event-store';
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
    // A statement is sent as text, or as a config object (a named, prepared one carries its text inside).
    query: (text: string | { text: string }, values?: unknown[]) => {
      seen.statements.push(typeof text === 'string' ? text : text.text);
      return query(text as string, values);
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
  // The pool saw the append and nothing else: the wake-up goes on the notifier's own connection.
  expect(seen.statements).toHaveLength(1);
  expect(seen.statements[0]).toContain('es_append(');
  await store.close();
});

test('concurrent appends share wake-up notifications, other processes are told, and a waiting reader is woken', async () => {
  // Another process's view: a connection of its own LISTENing, counting the notifications that arrive.
  const other = new pgModule.Client({ connectionString: db.url });
  await other.connect();
  let received = 0;
  other.on('notification', (n) => {
    if (n.channel === APPENDED_CHANNEL) received++;
  });
  await other.query(`LISTEN ${APPENDED_CHANNEL}`);
  const store = await createPgEventStore(db.pool, listener);
  await settle();
  seen.statements = [];
  received = 0;
  const woken = store.waitForAppend(new AbortController().signal, 5_000).then(() => Date.now());
  const started = Date.now();
  const appends = 40;
  await Promise.all(Array.from({ length: appends }, () => store.appendToStream(`rt-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' })));
  expect(await woken).toBeLessThan(started + 4_000);
  await settle();
  expect(received).toBeGreaterThanOrEqual(1);
  expect(received).toBeLessThan(appends);
  expect(seen.statements.filter((s) => s.includes('pg_notify'))).toEqual([]);
  await store.close();
  await other.end();
});

test('a reader in the same process is woken by the append itself, before any notification could arrive', async () => {
  const quiet = new PgListener(db.url);
  const store = await createPgEventStore(db.pool, quiet);
  // No notification reaches this listener any more: only the append's own wake-up can end the wait early.
  await quiet.close();
  const woken = store.waitForAppend(new AbortController().signal, 10_000).then(() => Date.now());
  const started = Date.now();
  await store.appendToStream(`rt-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' });
  expect((await woken) - started).toBeLessThan(1_000);
  await store.close();
});
