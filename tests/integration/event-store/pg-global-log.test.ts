/**
 * PostgreSQL only: the order of the global log (DESIGN.md, "Event store: one port, two adapters").
 * Concurrent appenders commit out of order, and the log must neither skip an event that commits late nor let a
 * reader past it. These tests hold a write transaction open, append more events through the store, and check what
 * readers see before and after the commit. A naive `WHERE global_position > $last` reader runs alongside as a
 * control: it does skip the late event here. The last test pins the order by transaction id as a number.
 */
import { watchNothingHappensFor } from '../../support/quiet';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import type { EventStore, EventToAppend, StoredEvent } from '../../../event-schemas/store/event-store';
import { comparePositions, type Position } from '../../../event-schemas/store/position';
import { eventually, waitFor } from '../../support/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
let n = 0;
const stream = (label: string) => `late-${label}${++n}`;
const ev = (type = 'Late'): EventToAppend => ({ eventId: randomUUID(), type, data: { n }, metadata: {} });

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
});
afterAll(async () => {
  await store.close();
  await listener.close();
  await db.drop();
});

/** The naive reader the design warns about: by global position alone. */
const naiveRead = async (afterGlobalPosition: bigint) =>
  (
    await db.pool.query<{ event_id: string; global_position: string }>(
      'SELECT event_id, global_position FROM es_events WHERE global_position > $1 ORDER BY global_position',
      [afterGlobalPosition.toString()],
    )
  ).rows.map((r) => ({ eventId: r.event_id, globalPosition: BigInt(r.global_position) }));

/** Opens a second connection with a transaction of its own, for raw SQL held open across the store's appends. */
async function openTransaction() {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('BEGIN');
  const xid = BigInt((await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid')).rows[0].xid);
  const insert = async (streamName: string, e: EventToAppend) => {
    const r = await client.query<{ global_position: string }>(
      `INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata) VALUES ($1, $2, 0, $3, $4, $5) RETURNING global_position`,
      [e.eventId, streamName, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
    );
    return BigInt(r.rows[0].global_position);
  };
  return {
    xid,
    insert,
    async commit() {
      await client.query('COMMIT');
      await client.end();
    },
    async abandon() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Follows the log through the store's own catch-up subscription, keeping events of the given streams. */
function follow(after: Position | 'start', streams: Set<string>) {
  const seen: StoredEvent[] = [];
  const sub = store.subscribeToAll(after, async (e) => {
    if (streams.has(e.streamName)) seen.push(e);
  });
  return { seen, stop: () => sub.stop() };
}

const ids = (events: { eventId: string }[]) => events.map((e) => e.eventId);

/**
 * Reads of this test's streams only. A head position read a moment ago may lag (any write transaction in the
 * cluster holds readers back, and jest runs another test file on the same cluster), so earlier events can appear.
 */
const readMine = async (streams: Set<string>, after: Position | 'start', maxCount = 100) =>
  (await store.readAll(after, maxCount)).filter((e) => streams.has(e.streamName));

test('an empty log has no head position and reads as empty', async () => {
  expect(await store.headPosition()).toBeUndefined();
  expect(await store.readAll('start', 10)).toEqual([]);
});

test('events committed after an open transaction stay unread until it commits; then the late event comes first and nothing is skipped', async () => {
  const first = await store.appendToStream(stream('base'), [ev()], { expectedRevision: 'no_stream' });
  const cursor = first.position;
  const naiveCursor = cursor.minor;
  const mine = new Set<string>();
  const follower = follow(cursor, mine);

  const held = await openTransaction();
  const lateEvent = ev('HeldOpen');
  const lateStream = stream('held');
  mine.add(lateStream);
  try {
    const lateGlobalPosition = await held.insert(lateStream, lateEvent);
    const later = [ev(), ev(), ev()];
    for (const e of later) {
      const s = stream('later');
      mine.add(s);
      await store.appendToStream(s, [e], { expectedRevision: 'no_stream' });
    }

    // The later events are committed, but no reader may pass the open transaction.
    expect(await store.readAll(cursor, 100)).toEqual([]);
    const head = await store.headPosition();
    expect(head === undefined || comparePositions(head, cursor) <= 0).toBe(true);
    // What was committed is named all the same: a caller can wait until its readers pass it.
    const committed = await store.committedHead();
    expect(comparePositions(committed!, cursor)).toBe(1);
    await watchNothingHappensFor(400);
    expect(follower.seen).toEqual([]);
    // The naive reader returns them already, and moves its cursor past the late event's global position.
    const naive = await naiveRead(naiveCursor);
    expect(ids(naive)).toEqual(ids(later));
    const naiveCursorAfter = naive[naive.length - 1].globalPosition;
    expect(naiveCursorAfter).toBeGreaterThan(lateGlobalPosition);

    await held.commit();

    const read = await eventually(async () => {
      const r = await store.readAll(cursor, 100);
      expect(ids(r)).toEqual(ids([lateEvent, ...later]));
      return r;
    });
    expect(read[0]).toMatchObject({ streamName: lateStream, revision: 0, type: 'HeldOpen', position: { major: held.xid, minor: lateGlobalPosition } });
    for (let i = 1; i < read.length; i++) expect(comparePositions(read[i - 1].position, read[i].position)).toBe(-1);
    await waitFor(() => follower.seen.length >= 4, 10_000, 'the follower to see the late event and the later ones');
    // Seen all it should: now it must see nothing more (no duplicate of the late event).
    await watchNothingHappensFor(300);
    expect(ids(follower.seen)).toEqual(ids([lateEvent, ...later]));
    // The control: resuming by global position alone never sees the late event.
    expect(await naiveRead(naiveCursorAfter)).toEqual([]);
  } finally {
    await held.abandon();
    await follower.stop();
  }
});

test('the composite cursor resumes correctly where transaction order and global-position order disagree', async () => {
  const head = (await store.headPosition()) ?? 'start';
  const mine = new Set([stream('early'), stream('held')]);
  const [earlyStream, lateStream] = [...mine];
  // The held transaction takes its id first, but inserts (and so takes a global position) after the store's append.
  const held = await openTransaction();
  const lateEvent = ev('HeldOpen');
  try {
    const early = ev();
    const r = await store.appendToStream(earlyStream, [early], { expectedRevision: 'no_stream' });
    const lateGlobalPosition = await held.insert(lateStream, lateEvent);
    expect(lateGlobalPosition).toBeGreaterThan(r.position.minor);
    expect(held.xid).toBeLessThan(r.position.major);
    expect(await readMine(mine, head)).toEqual([]);
    await held.commit();

    const read = await eventually(async () => {
      const all = await readMine(mine, head);
      expect(ids(all)).toEqual([lateEvent.eventId, early.eventId]);
      return all;
    });
    // Resuming after the late event still finds the early one, whose global position is smaller.
    expect(ids(await store.readAll(read[0].position, 10))).toEqual([early.eventId]);
    expect(await store.readAll(read[1].position, 10)).toEqual([]);
    // Read one at a time, the log gives the same two events, once each.
    const one = await store.readAll(read[0].position, 1);
    expect(ids(one)).toEqual([early.eventId]);
    expect(await store.readAll(one[0].position, 1)).toEqual([]);
  } finally {
    await held.abandon();
  }
});

test('an append held at COMMIT inside the adapter is read in its place once it commits, and holds back later appends until then', async () => {
  // A second store over a pool whose first append is held before its COMMIT: the adapter's one append statement runs
  // in a transaction of the gate's own, which commits only when the gate opens (the append's rows, transaction id and
  // stream lock are exactly those of a real append whose commit is slow).
  const gated = new pg.Pool({ connectionString: db.url, max: 2 });
  let reached!: () => void;
  const atCommit = new Promise<void>((r) => (reached = r));
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let armed = true;
  const query = gated.query.bind(gated) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  Object.assign(gated, {
    // The append is a named statement (a config object carrying its text); anything else passes straight through.
    query: async (text: string | pg.QueryConfig, values?: unknown[]) => {
      const sql = typeof text === 'string' ? text : text?.text;
      if (!armed || typeof sql !== 'string' || !sql.includes('es_append(')) return query(text as string, values);
      armed = false;
      const client = await gated.connect();
      try {
        await client.query('BEGIN');
        const result = await client.query(text as pg.QueryConfig, values);
        reached();
        await gate;
        await client.query('COMMIT');
        return result;
      } finally {
        client.release();
      }
    },
  });
  const slow = await createPgEventStore(gated, listener);
  const head = (await store.headPosition()) ?? 'start';
  const mine = new Set([stream('slow'), stream('later'), stream('later')]);
  const [lateStream, laterA, laterB] = [...mine];
  const follower = follow(head, mine);
  try {
    const lateEvent = ev('Slow');
    const slowAppend = slow.appendToStream(lateStream, [lateEvent], { expectedRevision: 'no_stream' });
    await atCommit;
    const later = [ev(), ev()];
    await store.appendToStream(laterA, [later[0]], { expectedRevision: 'no_stream' });
    await store.appendToStream(laterB, [later[1]], { expectedRevision: 'no_stream' });
    expect(await readMine(mine, head)).toEqual([]);
    await watchNothingHappensFor(400);
    expect(follower.seen).toEqual([]);

    open();
    const result = await slowAppend;
    const read = await eventually(async () => {
      const all = await readMine(mine, head);
      expect(ids(all)).toEqual(ids([lateEvent, ...later]));
      return all;
    });
    expect(comparePositions(read[0].position, result.position)).toBe(0);
    await waitFor(() => follower.seen.length >= 3, 10_000, 'the follower to see all three events');
    // Seen all it should: now it must see nothing more (no duplicate of the late event).
    await watchNothingHappensFor(300);
    expect(ids(follower.seen)).toEqual(ids([lateEvent, ...later]));
  } finally {
    open();
    await follower.stop();
    await slow.close();
    await gated.end();
  }
});

test('the log is ordered by transaction id as a number, not as text (9 < 10 < 100), in readAll and headPosition', async () => {
  // Rows with explicit, tiny transaction ids: finished long ago as far as readers are concerned, and ordered
  // before everything else. A text sort would give '10' < '100' < '9'.
  const mine = new Set([stream('digits')]);
  const [s] = [...mine];
  const rows = [
    { xid: '100', e: ev('Third') },
    { xid: '9', e: ev('First') },
    { xid: '10', e: ev('Second') },
  ];
  for (const [i, { xid, e }] of rows.entries()) {
    await db.pool.query(
      `INSERT INTO es_events (transaction_id, event_id, stream_name, revision, type, data, metadata) VALUES ($1::xid8, $2, $3, $4, $5, '{}', '{}')`,
      [xid, e.eventId, s, i, e.type],
    );
  }
  const expected = ['First', 'Second', 'Third'];
  expect((await store.readAll('start', 3)).map((e) => e.type)).toEqual(expected);
  // One at a time through the composite cursor: nothing skipped, nothing repeated.
  const oneByOne: StoredEvent[] = [];
  let cursor: Position | 'start' = 'start';
  for (let i = 0; i < 3; i++) {
    const [next] = await store.readAll(cursor, 1);
    oneByOne.push(next);
    cursor = next.position;
  }
  expect(oneByOne.map((e) => e.type)).toEqual(expected);
  expect(oneByOne.map((e) => e.position.major)).toEqual([9n, 10n, 100n]);
  // The newest event is still the newest real one, not the row with the "largest" text id.
  const head = await store.headPosition();
  expect(head!.major).toBeGreaterThan(100n);
  // Read until the head shows: the log shows the newest events once every older write in the cluster has ended.
  await eventually(async () => {
    const all = await store.readAll('start', 10_000);
    expect(comparePositions(head!, all[all.length - 1].position)).toBe(0);
  });
});

describe('the instant an event was stored', () => {
  it('reads as the timestamptz PostgreSQL holds, to the millisecond, from the log and from the stream', async () => {
    const name = stream('instant');
    await store.appendToStream(name, [ev(), ev()], { expectedRevision: 'no_stream' });
    // One instant with microseconds of its own, the other before the epoch, both set by hand (the log refuses updates:
    // its rule is lifted for this alone, in this file's own database).
    await db.pool.query('ALTER TABLE es_events DISABLE RULE es_events_no_update');
    await db.pool.query(
      `UPDATE es_events SET created_at = CASE revision WHEN 0 THEN '2026-11-27 07:59:59.999987+00'::timestamptz ELSE '1969-12-31 23:59:59.4567+00'::timestamptz END WHERE stream_name = $1`,
      [name],
    );
    await db.pool.query('ALTER TABLE es_events ENABLE RULE es_events_no_update');
    const held = await db.pool.query<{ created_at: Date }>('SELECT created_at FROM es_events WHERE stream_name = $1 ORDER BY revision', [name]);
    const fromStream = await store.readStream(name);
    // The log is read up to the oldest transaction still open in the cluster (other files' databases share it): wait
    // for both events to be readable.
    const fromLog = await eventually(async () => {
      const events = (await store.readAll('start', 100_000)).filter((e) => e.streamName === name);
      expect(events).toHaveLength(2);
      return events;
    });
    expect(held.rows.map((r) => r.created_at.getTime())).toEqual([Date.parse('2026-11-27T07:59:59.999Z'), Date.parse('1969-12-31T23:59:59.456Z')]);
    expect(fromStream.map((e) => e.createdAt.getTime())).toEqual(held.rows.map((r) => r.created_at.getTime()));
    expect(fromLog.map((e) => e.createdAt.getTime())).toEqual(held.rows.map((r) => r.created_at.getTime()));
  });
});
