import type pg from 'pg';
import { catchUpGroup, readCheckpoint } from '../../../projections/runner';
import { registeredReadModels } from '../../../server/composition-root';
import { quickMember } from '../api/fixtures';
import { statementsDuring as statementsOf } from './pool-statements';
import { appendAward, handDrivenServer } from './hand-driven-server';
import { SseClient } from './sse-client';

jest.setTimeout(60_000);
// The projections are driven by hand, so one batch (one progress notification) can touch every member at once.
const live = handDrivenServer();
const open = live.open;
const award = (paxId: number, amount: number) => appendAward(live.s.runtime.deps.store, paxId, amount, 'hub test');
/**
 * Waits until the reader sees `count` events past member-points' checkpoint: test files share one PostgreSQL cluster,
 * and a transaction another file holds open hides later events from every reader for a moment.
 */
async function readable(count: number): Promise<void> {
  const { position } = await readCheckpoint(live.s.runtime.deps.pool, 'member-points');
  const deadline = Date.now() + 30_000;
  while ((await live.s.runtime.deps.store.readAll(position, count)).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
const project = () => catchUpGroup(live.s.runtime.deps.pool, live.s.runtime.deps.store, registeredReadModels(live.s.runtime.deps.settings), 1000);

/** The statements the server's pool runs that mention any of `tables`, while `during` runs. */
const statementsDuring = (tables: string[], during: () => Promise<void>) => statementsOf(live.s.runtime.deps.pool, tables, during);

/** Counts the statements the server's pool runs that mention each of `tables`, while `during` runs. */
async function countQueries(tables: string[], during: () => Promise<void>): Promise<Record<string, number>> {
  const sent = await statementsDuring(tables, during);
  return Object.fromEntries(tables.map((t) => [t, sent.filter((text) => text.includes(t)).length]));
}

/** A new member with one open stream that has had its first snapshot. */
async function memberWithStream() {
  const m = await quickMember(live.s);
  await project();
  const c = await SseClient.open(`${live.s.url}/api/rest/live`, { 'auth-token': m.token });
  open.push(c);
  await c.waitFor((f) => f.event === 'points');
  return { m, c };
}

describe('the live hub scales with changes, not with open streams', () => {
  it('one progress notification touching 12 members (3 tabs each) is read in one query and presented in one', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => quickMember(live.s)));
    await project();
    for (const m of members) for (let tab = 0; tab < 3; tab++) open.push(await SseClient.open(`${live.s.url}/api/rest/live`, { 'auth-token': m.token }));
    await Promise.all(open.map((c) => c.waitFor((f) => f.event === 'points')));
    const positions = new Map<number, string>();
    const counts = await countQueries(['member_live_messages', 'rm_point_lots'], async () => {
      for (const m of members) await award(m.paxId, 7);
      await readable(12);
      // One shared batch: one transaction, one notification for all twelve members.
      expect(await project()).toBe(12);
      await Promise.all(open.map((c) => c.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 7)));
      for (const [i, m] of members.entries()) positions.set(m.paxId, JSON.parse(open[i * 3].messages('points').at(-1)!.data!).position as string);
    });
    // Every tab got its member's message exactly once, with the award's position as id.
    for (const [i, m] of members.entries())
      for (let tab = 0; tab < 3; tab++)
        expect(
          open[i * 3 + tab]
            .messages('points')
            .slice(1)
            .map((f) => f.id),
        ).toEqual([positions.get(m.paxId)]);
    // Before: one read per stream (36) and one presentation query per message (36).
    expect(counts).toEqual({ member_live_messages: 1, rm_point_lots: 1 });
  });

  it("a push reads the members' messages and their overdue points in one query", async () => {
    const { m, c } = await memberWithStream();
    const sent = await statementsDuring(['member_live_messages', 'rm_point_lots'], async () => {
      await award(m.paxId, 4);
      await readable(1);
      await project();
      await c.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 4);
    });
    // One statement, one round trip (one after the other, the push waited for two).
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/rm_point_lots[\s\S]*member_live_messages/);
  });

  it('heartbeats and a held stream query nothing while nothing changes; the held message goes once the others catch up', async () => {
    const { m, c } = await memberWithStream();
    // Only member-points moves on: its message waits until every live read model reaches its position (held).
    await award(m.paxId, 9);
    await readable(1);
    const models = registeredReadModels(live.s.runtime.deps.settings);
    await catchUpGroup(
      live.s.runtime.deps.pool,
      live.s.runtime.deps.store,
      models.filter((p) => p.name === 'member-points'),
      1000,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await live.s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM member_live_messages WHERE pax_id = $1', [m.paxId])).rows[0].n,
    ).toBeGreaterThan(0);
    const heartbeats = () => c.frames.filter((f) => f.comment !== undefined).length;
    const counts = await countQueries(['member_live_messages', 'rm_member_points', 'projection_checkpoints'], async () => {
      const beats = heartbeats();
      await c.waitFor(() => heartbeats() >= beats + 5, 5000, 'five heartbeats');
    });
    expect(c.messages('points')).toHaveLength(1);
    // Before: every heartbeat re-read the held stream's messages.
    expect(counts).toEqual({ member_live_messages: 0, rm_member_points: 0, projection_checkpoints: 0 });
    await project();
    await c.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 9);
  });

  it('a read that fails is retried: the message still reaches the stream', async () => {
    const { m, c } = await memberWithStream();
    const pool = live.s.runtime.deps.pool as pg.Pool & { query: (...args: unknown[]) => unknown };
    const original = pool.query.bind(pool);
    let failed = 0;
    const spy = jest.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      const ids = (args[1] as unknown[] | undefined)?.[0];
      if (text.includes('CROSS JOIN LATERAL') && Array.isArray(ids) && ids.includes(m.paxId) && failed === 0) {
        failed += 1;
        return Promise.reject(new Error('connection lost'));
      }
      return original(...(args as Parameters<typeof original>));
    }) as never);
    try {
      await award(m.paxId, 4);
      await readable(1);
      await project();
      await c.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 4, 5000);
    } finally {
      spy.mockRestore();
    }
    // The failed read was this member's, so only the retry can have delivered it.
    expect(failed).toBe(1);
  });
});
