import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { encodeEvent, memberStream, PointsAwarded } from '../../../event-schemas';
import { memberPointsProjection } from '../../../projections/member-points/member-points.projection';
import type { Projection } from '../../../projections/projection';
import { rebuildProjection, rebuildReadModels } from '../../../projections/rebuild';
import { readModels } from '../../../projections/registry';
import { applyBatch, applyGroupBatch, catchUpGroup, PROGRESS_CHANNEL, readCheckpoint, resetProjection } from '../../../projections/runner';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { settle as settleProjection } from '../../support/settle';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;

beforeEach(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
});
afterEach(async () => {
  await listener.close();
  await db.drop();
});

const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-02T03:04:05.000Z' };
async function award(paxId: number, amount: number) {
  const e = PointsAwarded.of({ paxId, lotId: randomUUID(), amount, description: 'test', source: 'BONUS', expirationDate: '2030-01-01', idempotencyKey: null });
  await store.appendToStream(memberStream(paxId), [encodeEvent(randomUUID(), e, meta)], { expectedRevision: 'any' });
}
const settle = (projection: Projection, batch: number, expected: number) => settleProjection(db.pool, store, projection, { batch, expected });
/** Waits until the reader can see `count` events (the same cluster-wide horizon `settle` waits out). */
async function readable(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await store.readAll('start', count)).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
const balances = async () => (await db.pool.query('SELECT pax_id::int, balance::int FROM rm_member_points ORDER BY pax_id')).rows;
const snapshot = async () => ({
  points: (await db.pool.query('SELECT pax_id, balance, pending, lifetime_earned FROM rm_member_points ORDER BY pax_id')).rows,
  lots: (await db.pool.query('SELECT * FROM rm_point_lots ORDER BY pax_id, lot_id')).rows,
  live: (await db.pool.query(`SELECT pax_id, position_major, position_minor, kind, data FROM member_live_messages ORDER BY 1, 2, 3, 4`)).rows,
});

/** Fails on the nth event it sees, once: a crash in the middle of a batch. */
const failingOnce = (inner: Projection, nth: number): Projection => {
  let seen = 0;
  let failed = false;
  return {
    ...inner,
    // Event by event, so the crash lands inside the batch's transaction.
    applyAll: undefined,
    async apply(client, e) {
      seen += 1;
      if (!failed && seen === nth) {
        failed = true;
        throw new Error('crash inside the batch');
      }
      return inner.apply(client, e);
    },
  };
};

describe('projection runner', () => {
  it('applies nothing of a batch that fails half-way, then applies every event exactly once', async () => {
    for (let i = 1; i <= 10; i++) await award((i % 3) + 1, i);
    const flaky = failingOnce(memberPointsProjection, 6);
    await readable(10);
    await expect(applyBatch(db.pool, store, flaky, 100)).rejects.toThrow('crash inside the batch');
    expect(await balances()).toEqual([]);
    expect((await readCheckpoint(db.pool, 'member-points')).position).toBe('start');
    await settle(flaky, 4, 10);
    // 1..10 split by i % 3 + 1: pax 1 gets 3+6+9, pax 2 gets 1+4+7+10, pax 3 gets 2+5+8.
    expect(await balances()).toEqual([
      { pax_id: 1, balance: 18 },
      { pax_id: 2, balance: 22 },
      { pax_id: 3, balance: 15 },
    ]);
    expect((await readCheckpoint(db.pool, 'member-points')).eventsApplied).toBe(10);
  });

  it('resumes from its checkpoint after a restart', async () => {
    for (let i = 0; i < 5; i++) await award(1, 10);
    await settle(memberPointsProjection, 2, 5);
    for (let i = 0; i < 3; i++) await award(1, 1);
    // A fresh runner (as after a restart) only needs the checkpoint in the database.
    expect(await settle({ ...memberPointsProjection }, 2, 8)).toBe(3);
    expect(await balances()).toEqual([{ pax_id: 1, balance: 53 }]);
  });

  it('two runners on one projection never apply an event twice', async () => {
    for (let i = 0; i < 200; i++) await award((i % 7) + 1, 1);
    await Promise.all([settle(memberPointsProjection, 7, 200), settle(memberPointsProjection, 11, 200)]);
    const total = (await balances()).reduce((s, r) => s + r.balance, 0);
    expect(total).toBe(200);
    expect((await readCheckpoint(db.pool, 'member-points')).eventsApplied).toBe(200);
  });

  it('a rebuild from position 0 equals the live-maintained read model, reporting progress', async () => {
    for (let i = 0; i < 300; i++) await award((i % 13) + 1, (i % 5) + 1);
    await settle(memberPointsProjection, 17, 300);
    const live = await snapshot();
    const progress: number[] = [];
    const applied = await rebuildProjection(db.pool, store, memberPointsProjection, (p) => progress.push(p.applied), 50);
    expect(applied).toBe(300);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(300);
    expect(await snapshot()).toEqual(live);
  });

  it('a rebuild swaps in by difference: a drifted row is corrected, a stray one removed, a missing one restored', async () => {
    for (let i = 0; i < 60; i++) await award((i % 6) + 1, 2);
    await settle(memberPointsProjection, 17, 60);
    const live = await snapshot();
    // The live table drifts from what the log says: one balance changed, one stray member, one member missing.
    await db.pool.query('UPDATE rm_member_points SET balance = balance + 1000 WHERE pax_id = 1');
    await db.pool.query('INSERT INTO rm_member_points (pax_id, balance) VALUES (999999, 5)');
    await db.pool.query('DELETE FROM rm_member_points WHERE pax_id = 2');
    expect(await snapshot()).not.toEqual(live);
    await rebuildProjection(db.pool, store, memberPointsProjection, () => undefined, 25);
    expect(await snapshot()).toEqual(live);
  });

  it('a rebuild replays no live messages: it moves the replay horizon to where the rebuilt read model stands, never back', async () => {
    for (let i = 0; i < 40; i++) await award((i % 4) + 1, 1);
    await settle(memberPointsProjection, 17, 40);
    const horizon = async () => (await db.pool.query<{ p: string }>(`SELECT position_major || '-' || position_minor AS p FROM member_live_horizon`)).rows[0].p;
    const checkpoint = async () => {
      const c = await readCheckpoint(db.pool, 'member-points');
      return c.position === 'start' ? 'start' : `${c.position.major}-${c.position.minor}`;
    };
    // Pruned through the 20th message (what pruneLiveMessages does to old ones), and one later message lost.
    await db.pool.query(`UPDATE member_live_horizon SET (position_major, position_minor) = (
      SELECT position_major, position_minor FROM member_live_messages ORDER BY position_major, position_minor OFFSET 19 LIMIT 1)`);
    await db.pool.query(
      'DELETE FROM member_live_messages WHERE (position_major, position_minor) <= (SELECT position_major, position_minor FROM member_live_horizon)',
    );
    await db.pool.query(
      'DELETE FROM member_live_messages WHERE (position_major, position_minor) = (SELECT position_major, position_minor FROM member_live_messages ORDER BY 1 DESC, 2 DESC LIMIT 1)',
    );
    const kept = await snapshot();
    expect(kept.live).toHaveLength(19);
    await rebuildProjection(db.pool, store, memberPointsProjection, () => undefined, 7);
    // The messages are left alone (the pruning job takes them); reconnects from before the rebuild get a snapshot.
    expect(await snapshot()).toEqual(kept);
    expect(await horizon()).toBe(await checkpoint());

    // A horizon already past the rebuilt read model (pruning ran later) is not moved back.
    await db.pool.query('UPDATE member_live_horizon SET position_major = position_major + 1000');
    const later = await horizon();
    await rebuildProjection(db.pool, store, memberPointsProjection, () => undefined, 7);
    expect(await horizon()).toBe(later);
  });

  it('a rebuild reads each batch once for all read models, and a fast one runs ahead of a slow one by at most two batches', async () => {
    for (let i = 0; i < 60; i++) await award((i % 6) + 1, 1);
    await readable(60);
    let reads = 0;
    const counting: EventStore = { ...store, readAll: (after, count) => ((reads += 1), store.readAll(after, count)) };
    const batches = { slow: 0, fast: 0 };
    let widest = 0;
    // Read models of no table: they only count the batches they are handed, one of them slowly.
    const probe = (name: 'slow' | 'fast', ms: number): Projection => ({
      name,
      consumes: new Set(['PointsAwarded']),
      tables: [],
      liveKinds: [],
      apply: async () => undefined,
      async applyAll() {
        await new Promise((r) => setTimeout(r, ms));
        batches[name] += 1;
        widest = Math.max(widest, batches.fast - batches.slow);
        return { paxIds: [] };
      },
    });
    const result = await rebuildReadModels(db.pool, counting, [probe('slow', 40), probe('fast', 0)], () => undefined, 5);
    expect(result.applied).toBe(60);
    expect(batches).toEqual({ slow: 12, fast: 12 });
    // 12 batches and the empty read that ends the pass, each once (a read model reading for itself would double them).
    expect(reads).toBe(13);
    // Two batches ahead at most, and that far at times: in strict step it would never be more than the one batch both
    // are applying.
    expect(widest).toBe(2);
  });

  it('read models share one pass: one read of the log, one transaction and one NOTIFY per batch for all of them', async () => {
    for (let i = 0; i < 40; i++) await award((i % 4) + 1, 5);
    await readable(40);
    const models = readModels({ timeZone: 'UTC' });
    let reads = 0;
    const counting: EventStore = { ...store, readAll: (after, count) => ((reads += 1), store.readAll(after, count)) };
    const heard: { projections: string[]; paxIds: number[] }[] = [];
    const ear = new PgListener(db.url);
    ear.on(PROGRESS_CHANNEL, (payload: string) => heard.push(JSON.parse(payload) as { projections: string[]; paxIds: number[] }));
    await ear.listen(PROGRESS_CHANNEL);
    try {
      const r = await applyGroupBatch(db.pool, counting, models, 1000);
      expect(r.applied).toBe(40);
      expect(reads).toBe(1);
      for (const m of models) expect((await readCheckpoint(db.pool, m.name)).eventsApplied).toBe(40);
      const until = Date.now() + 5000;
      while (heard.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(1);
      expect(heard[0].projections.sort()).toEqual(models.map((m) => m.name).sort());
      expect(heard[0].paxIds.sort()).toEqual([1, 2, 3, 4]);
    } finally {
      await ear.close();
    }
    expect(await balances()).toEqual([1, 2, 3, 4].map((pax_id) => ({ pax_id, balance: 50 })));
  });

  it('a batch of a few awards costs three round trips for all read models: the log; BEGIN, locks and reads; writes and COMMIT', async () => {
    for (let i = 0; i < 6; i++) await award((i % 3) + 1, 4);
    await readable(6);
    const models = readModels({ timeZone: 'UTC' });
    // The group as a daemon runs it: its checkpoints exist and it knows where it stands.
    for (const m of models) await readCheckpoint(db.pool, m.name);
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      // Pool connections' statements only. The store's wake-up for other processes after this test's appends has a
      // connection of its own (not pooled), opened again after a quiet second: its SET and NOTIFY go whenever its
      // spacing allows, and made this test fail now and then.
      if (typeof (this as pg.Client & { release?: unknown }).release === 'function') sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      expect((await applyGroupBatch(db.pool, store, models, 1000, { from: 'start' })).applied).toBe(6);
    } finally {
      spy.mockRestore();
    }
    // Member points and activity each read their rows and write them: four round trips more when made one by one.
    expect(sent).toHaveLength(3);
    expect(sent[1]).toMatch(/^BEGIN;[\s\S]*FROM rm_member_points[\s\S]*FROM rm_activity/);
    expect(sent[2]).toMatch(/INSERT INTO rm_point_lots[\s\S]*INSERT INTO rm_activity[\s\S]*COMMIT$/);
    expect(await balances()).toEqual([1, 2, 3].map((pax_id) => ({ pax_id, balance: 8 })));
  });

  it('a shared pass and a runner of one of its projections never apply an event twice', async () => {
    for (let i = 0; i < 150; i++) await award((i % 5) + 1, 1);
    await readable(150);
    const models = readModels({ timeZone: 'UTC' });
    // The lone runner drives member-points ahead of the group, so the group reads from its slowest member and skips.
    await Promise.all([catchUpGroup(db.pool, store, models, 13), settle(memberPointsProjection, 7, 150), catchUpGroup(db.pool, store, models, 29)]);
    await Promise.all(models.map((m) => settle(m, 50, 150)));
    expect((await balances()).reduce((n, r) => n + r.balance, 0)).toBe(150);
    for (const m of models) expect((await readCheckpoint(db.pool, m.name)).eventsApplied).toBe(150);
  });

  it('readers never see a half-built read model while a rebuild runs; it reports events/s', async () => {
    for (let i = 0; i < 400; i++) await award((i % 20) + 1, 1);
    await settle(memberPointsProjection, 100, 400);
    const live = await snapshot();
    let rebuilding = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (rebuilding) {
        const r = await db.pool.query<{ n: number; total: number; lots: number }>(
          'SELECT count(*)::int AS n, coalesce(sum(balance), 0)::int AS total, (SELECT count(*)::int FROM rm_point_lots) AS lots FROM rm_member_points',
        );
        seen.add(JSON.stringify(r.rows[0]));
      }
    })();
    const rates: number[] = [];
    const result = await rebuildReadModels(db.pool, store, [memberPointsProjection], (p) => rates.push(p.eventsPerSecond), 10);
    rebuilding = false;
    await reader;
    expect(result.applied).toBe(400);
    expect(result.eventsPerSecond).toBeGreaterThan(0);
    expect(rates[rates.length - 1]).toBeGreaterThan(0);
    // Every read during the rebuild saw the whole model: 20 members, 400 points, 400 lots (an emptied or half-replayed
    // table would show fewer).
    expect([...seen]).toEqual([JSON.stringify({ n: 20, total: 400, lots: 400 })]);
    expect(await snapshot()).toEqual(live);
    // The shadow schema is gone.
    expect((await db.pool.query("SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'rebuild_%'")).rows[0].n).toBe(0);
  });

  it("a checkpoint reset behind the caller's hint replays from its own position, skipping nothing", async () => {
    for (let i = 0; i < 10; i++) await award(1, 1);
    await readable(10);
    const first = await applyGroupBatch(db.pool, store, [memberPointsProjection], 100);
    expect(first.applied).toBe(10);
    await resetProjection(db.pool, memberPointsProjection);
    for (let i = 0; i < 2; i++) await award(1, 1);
    await readable(12);
    // A daemon resumes from where it left the group; the reset checkpoint must not take the two new events alone.
    const hinted = await applyGroupBatch(db.pool, store, [memberPointsProjection], 100, { from: first.position });
    expect(hinted).toEqual({ applied: 0, position: 'start' });
    expect(await applyGroupBatch(db.pool, store, [memberPointsProjection], 100, { from: hinted.position })).toMatchObject({ applied: 12 });
    expect(await balances()).toEqual([{ pax_id: 1, balance: 12 }]);
  });
});
