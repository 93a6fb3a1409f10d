import { randomUUID } from 'node:crypto';
import { encodeEvent, memberStream, PointsAwarded, PointsExpired } from '../../../event-schemas';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { PROCESS_PACE_MS, ProjectionDaemon, READ_MODEL_PACE_MS, SKIP_WRITE_MS } from '../../../projections/daemon';
import type { Projection } from '../../../projections/projection';
import { readCheckpoint, resetProjection } from '../../../projections/runner';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
let daemon: ProjectionDaemon | undefined;

beforeEach(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
  // Primary key on the event id: a process that handled an event twice fails its batch instead of passing silently.
  await db.pool.query('CREATE TABLE test_handled (process text NOT NULL, event_id uuid NOT NULL, PRIMARY KEY (process, event_id))');
});
afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
  await listener.close();
  await db.drop();
});

const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-02T03:04:05.000Z' };
const award = (paxId: number) =>
  store.appendToStream(
    memberStream(paxId),
    [
      encodeEvent(
        randomUUID(),
        PointsAwarded.of({ paxId, lotId: randomUUID(), amount: 1, description: 'test', source: 'BONUS', expirationDate: '2030-01-01', idempotencyKey: null }),
        meta,
      ),
    ],
    { expectedRevision: 'any' },
  );
const expire = (paxId: number) =>
  store.appendToStream(
    memberStream(paxId),
    [encodeEvent(randomUUID(), PointsExpired.of({ paxId, lotId: randomUUID(), amount: 1, expirationDate: '2026-01-01' }), meta)],
    { expectedRevision: 'any' },
  );

/** A process on the log that records each event it handles; `failing` makes every batch of it throw. */
const recorder = (name: string, type: 'PointsAwarded' | 'PointsExpired', failing = { now: false }): Projection => ({
  name,
  consumes: new Set([type]),
  tables: ['test_handled'],
  liveKinds: [],
  async apply(client, e) {
    if (failing.now) throw new Error(`${name} is down`);
    await client.query('INSERT INTO test_handled (process, event_id) VALUES ($1, $2)', [name, e.eventId]);
  },
});

const handled = async (name: string) => Number((await db.pool.query('SELECT count(*) AS n FROM test_handled WHERE process = $1', [name])).rows[0].n);
const checkpointVersions = async () =>
  (await db.pool.query<{ name: string; xmin: string }>(`SELECT name, xmin::text FROM projection_checkpoints WHERE name LIKE 'test-%' ORDER BY name`)).rows;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
/**
 * One award every few milliseconds for a second, and on until more than 50 are sent (each append wakes the daemon's
 * loops in this process). The tests bound the reads by the time it took, so a longer trickle asks no less of the pace;
 * stopping at one second failed them on the count alone when jest and Playwright shared a loaded machine (48 sent).
 */
async function trickleAwards(paxId: number): Promise<{ sent: number; elapsed: number }> {
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < 1_000 || sent <= 50) {
    await award(paxId);
    sent++;
    await new Promise((r) => setTimeout(r, 2));
  }
  return { sent, elapsed: performance.now() - started };
}
const appliedOf = async (name: string) => (await readCheckpoint(db.pool, name)).eventsApplied;

describe('the processes on the log, run by the daemon', () => {
  it('pass events they do not consume without a commit each, and write that move once it is a second old', async () => {
    const expiries = recorder('test-expiries', 'PointsExpired');
    daemon = new ProjectionDaemon(db.pool, store, { shared: [], alone: [expiries] }, () => undefined);
    daemon.start();
    await until(
      'the process has its checkpoint row',
      async () => (await db.pool.query(`SELECT 1 FROM projection_checkpoints WHERE name = 'test-expiries'`)).rowCount === 1,
    );
    await new Promise((r) => setTimeout(r, SKIP_WRITE_MS));
    const started = Date.now();
    for (let i = 0; i < 30; i++) await award(1);
    await until('the 30 passed-over events are written to the checkpoint', async () => (await appliedOf('test-expiries')) === 30);
    // Moved in memory, written once: not before the skip was a second old.
    expect(Date.now() - started).toBeGreaterThanOrEqual(SKIP_WRITE_MS - 50);
    expect(await handled('test-expiries')).toBe(0);
    await expire(1);
    await until('the consumed event is handled', async () => (await handled('test-expiries')) === 1);
    await until('its commit counted all 31 events', async () => (await appliedOf('test-expiries')) === 31);
  });

  it('commit nothing for an event no process consumes (what an award costs them: one shared read)', async () => {
    const a = recorder('test-expiries-a', 'PointsExpired');
    const b = recorder('test-expiries-b', 'PointsExpired');
    daemon = new ProjectionDaemon(db.pool, store, { shared: [], alone: [a, b] }, () => undefined);
    daemon.start();
    await until('both checkpoint rows exist', async () => (await checkpointVersions()).length === 2);
    // Every UPDATE of a checkpoint row makes a new row version with a new xmin: unchanged xmin, no commit touched it.
    const before = await checkpointVersions();
    for (let i = 0; i < 10; i++) await award(2);
    // Long enough for the loop (woken by each append in this process) to pass all ten; short of the write's second.
    await new Promise((r) => setTimeout(r, SKIP_WRITE_MS / 2));
    expect(await checkpointVersions()).toEqual(before);
    await until('both write the move', async () => (await appliedOf('test-expiries-a')) === 10 && (await appliedOf('test-expiries-b')) === 10);
    const after = await checkpointVersions();
    expect(after.map((r) => r.xmin)).not.toEqual(before.map((r) => r.xmin));
  });

  it('replay from a checkpoint reset while they stood past it in memory: the guarded write refuses, nothing is skipped', async () => {
    const expiries = recorder('test-expiries', 'PointsExpired');
    await expire(3);
    daemon = new ProjectionDaemon(db.pool, store, { shared: [], alone: [expiries] }, () => undefined);
    daemon.start();
    await until('the first expiry is handled', async () => (await handled('test-expiries')) === 1);
    for (let i = 0; i < 5; i++) await award(3);
    // The reset lands while the five awards are passed over in memory, before their move is written.
    await db.pool.query(`DELETE FROM test_handled`);
    await resetProjection(db.pool, expiries);
    await until('the expiry is handled again from the start', async () => (await handled('test-expiries')) === 1, 10_000);
    await until('the checkpoint counts the whole log once', async () => (await appliedOf('test-expiries')) === 6);
    await new Promise((r) => setTimeout(r, SKIP_WRITE_MS + 300));
    expect(await appliedOf('test-expiries')).toBe(6);
    expect(await handled('test-expiries')).toBe(1);
  });

  it('keep going when one of them fails, and the failed one catches up exactly once when it recovers', async () => {
    const failing = { now: true };
    const broken = recorder('test-awards-broken', 'PointsAwarded', failing);
    const healthy = recorder('test-awards-healthy', 'PointsAwarded');
    const logged: string[] = [];
    daemon = new ProjectionDaemon(db.pool, store, { shared: [], alone: [broken, healthy] }, (m) => logged.push(m));
    daemon.start();
    for (let i = 0; i < 8; i++) await award(4);
    await until('the healthy process handled every award', async () => (await handled('test-awards-healthy')) === 8);
    expect(await handled('test-awards-broken')).toBe(0);
    expect(logged).toContain('projection test-awards-broken failed; retrying');
    failing.now = false;
    await until('the recovered process handled every award', async () => (await handled('test-awards-broken')) === 8);
    for (let i = 0; i < 4; i++) await award(4);
    await until('both handled the later awards', async () => (await handled('test-awards-broken')) === 12 && (await handled('test-awards-healthy')) === 12);
    expect(await appliedOf('test-awards-broken')).toBe(12);
    expect(await appliedOf('test-awards-healthy')).toBe(12);
  });

  it('caught up while events trickle in, read the log at most once per pace, and still handle every event', async () => {
    const awards = recorder('test-awards-paced', 'PointsAwarded');
    let reads = 0;
    const counted: EventStore = {
      ...store,
      readAll: (after, max) => {
        reads++;
        return store.readAll(after, max);
      },
    };
    daemon = new ProjectionDaemon(db.pool, counted, { shared: [], alone: [awards] }, () => undefined);
    daemon.start();
    await until('the checkpoint row exists', async () => (await checkpointVersions()).length === 1);
    reads = 0;
    const { sent, elapsed } = await trickleAwards(5);
    const readsWhileTrickling = reads;
    await until('every award is handled', async () => (await handled('test-awards-paced')) === sent);
    expect(sent).toBeGreaterThan(50);
    // Without the pace it read once per append or so (about `sent` reads).
    expect(readsWhileTrickling).toBeLessThanOrEqual(Math.ceil(elapsed / PROCESS_PACE_MS) + 3);
  });
});

describe('the read models, run by the daemon', () => {
  /** A read model that records, for each event, the transaction of the batch that applied it. */
  const batchNoting = async (): Promise<Projection> => {
    await db.pool.query('CREATE TABLE test_batches (event_id uuid PRIMARY KEY, tx xid8 NOT NULL)');
    return {
      name: 'test-read-model-paced',
      consumes: new Set(['PointsAwarded']),
      tables: ['test_batches'],
      liveKinds: [],
      async apply(client, e) {
        await client.query('INSERT INTO test_batches (event_id, tx) VALUES ($1, pg_current_xact_id())', [e.eventId]);
      },
    };
  };
  const batches = async () =>
    (await db.pool.query<{ events: string; batches: string }>('SELECT count(*) AS events, count(DISTINCT tx) AS batches FROM test_batches')).rows[0];

  it('begin a batch at most once per pace while appends trickle in, each event applied once', async () => {
    daemon = new ProjectionDaemon(db.pool, store, { shared: [await batchNoting()], alone: [] }, () => undefined);
    daemon.start();
    const { sent, elapsed } = await trickleAwards(7);
    await until('every award is applied', async () => Number((await batches()).events) === sent);
    expect(sent).toBeGreaterThan(50);
    // Unpaced, the loop began a batch for almost every append (one to a few events each).
    expect(Number((await batches()).batches)).toBeLessThanOrEqual(Math.ceil(elapsed / READ_MODEL_PACE_MS) + 3);
  });

  it('apply the first append after a quiet spell at once, without waiting for the pace', async () => {
    const paceMs = 5_000;
    daemon = new ProjectionDaemon(db.pool, store, { shared: [await batchNoting()], alone: [] }, () => undefined, undefined, undefined, paceMs);
    daemon.start();
    await until('the checkpoint row exists', async () => (await checkpointVersions()).length === 1);
    const sentAt = performance.now();
    await award(8);
    await until('the award is applied', async () => Number((await batches()).events) === 1);
    expect(performance.now() - sentAt).toBeLessThan(paceMs / 2);
  });
});

describe('what a commit waits for', () => {
  it('read models commit without waiting for the disk; processes on the log, whose effects outlive a lost commit, wait', async () => {
    await db.pool.query('CREATE TABLE test_commit_modes (name text NOT NULL, mode text NOT NULL)');
    // Each records the synchronous_commit its batch's transaction runs with.
    const noting = (name: string): Projection => ({
      name,
      consumes: new Set(['PointsAwarded']),
      tables: ['test_commit_modes'],
      liveKinds: [],
      async apply(client) {
        await client.query(`INSERT INTO test_commit_modes SELECT $1, current_setting('synchronous_commit')`, [name]);
      },
    });
    daemon = new ProjectionDaemon(db.pool, store, { shared: [noting('test-read-model')], alone: [noting('test-process')] }, () => undefined);
    daemon.start();
    await award(6);
    await until('both handled the award', async () => (await db.pool.query('SELECT 1 FROM test_commit_modes')).rowCount === 2);
    const modes = await db.pool.query<{ name: string; mode: string }>('SELECT name, mode FROM test_commit_modes ORDER BY name');
    expect(modes.rows).toEqual([
      { name: 'test-process', mode: 'on' },
      { name: 'test-read-model', mode: 'off' },
    ]);
    // Only the batch's own transaction: the pooled connection goes back as it was.
    expect((await db.pool.query<{ mode: string }>(`SELECT current_setting('synchronous_commit') AS mode`)).rows[0].mode).toBe('on');
  });
});
