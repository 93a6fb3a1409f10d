import { comparePositions, parsePosition } from '../../../event-schemas/store/position';
import { rebuildReadModels } from '../../../projections/rebuild';
import { registeredReadModels } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { liveHorizon, pruneLiveMessages } from '../../../server/live/prune';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { SseClient } from './sse-client';

jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
const open: SseClient[] = [];
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(() => s.stop());

let keys = 0;
const award = async (paxId: number, amount: number) => {
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: admin.token,
    body: { amount, description: 'Window test', idempotencyKey: `window-${++keys}` },
  });
  expect(r.status).toBe(201);
  return r.body as { position: string };
};
const connect = async (headers: Record<string, string>) => {
  const c = await SseClient.open(`${s.url}/api/rest/live`, headers);
  open.push(c);
  return c;
};
const liveRows = async (paxId: number) =>
  (await s.runtime.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM member_live_messages WHERE pax_id = $1', [paxId])).rows[0].n;

describe('live messages are kept for a window', () => {
  it('prunes messages older than the window; a Last-Event-ID before it gets a fresh snapshot, one after it a replay', async () => {
    const member = await quickMember(s);
    const p1 = await award(member.paxId, 10);
    const p2 = await award(member.paxId, 20);
    const watching = await connect({ 'auth-token': member.token });
    await watching.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 30);
    expect(await liveRows(member.paxId)).toBeGreaterThanOrEqual(2);

    // Nothing is younger than a window of 0 ms: all of it goes, and the horizon moves past the member's messages.
    expect(await pruneLiveMessages(s.runtime.deps.pool, 0)).toBeGreaterThanOrEqual(2);
    expect(await liveRows(member.paxId)).toBe(0);
    const horizon = await liveHorizon(s.runtime.deps.pool);
    expect(horizon.major).toBeGreaterThan(0n);

    // A reconnect from p1 cannot be replayed (p2's message is gone): a snapshot with the whole balance comes instead,
    // its id at the horizon, so a reconnect from it is a complete replay.
    const stale = await connect({ 'auth-token': member.token, 'last-event-id': p1.position });
    const snapshot = await stale.waitFor((f) => f.event === 'points');
    expect(JSON.parse(snapshot.data!)).toMatchObject({ paxId: member.paxId, balance: 30, pending: 0 });
    expect(snapshot.id! >= p2.position).toBe(true);
    // Then word that the replay was lost (the tab re-reads its activity list and wallet), with no id of its own.
    const resync = await stale.waitFor((f) => f.event === 'resync');
    expect(resync.id).toBeUndefined();
    expect(stale.messages().map((f) => f.event)).toEqual(['points', 'resync']);

    const p3 = await award(member.paxId, 5);
    const resumed = await connect({ 'auth-token': member.token, 'last-event-id': snapshot.id! });
    await resumed.waitForId(p3.position);
    expect(resumed.points().map((p) => p.balance)).toEqual([35]);
    // The open streams went on live across the prune.
    await watching.waitForId(p3.position);
    await stale.waitForId(p3.position);
  });

  it('keeps messages younger than the window', async () => {
    const member = await quickMember(s);
    const p1 = await award(member.paxId, 10);
    const p2 = await award(member.paxId, 20);
    const c = await connect({ 'auth-token': member.token, 'last-event-id': p1.position });
    await c.waitForId(p2.position);
    // A replay, complete: nothing to re-read.
    expect(c.messages('resync')).toEqual([]);
    const before = await liveRows(member.paxId);
    await pruneLiveMessages(s.runtime.deps.pool, 60 * 60 * 1000);
    expect(await liveRows(member.paxId)).toBe(before);
    const again = await connect({ 'auth-token': member.token, 'last-event-id': p1.position });
    await again.waitForId(p2.position);
    expect(again.points().map((p) => p.balance)).toEqual([30]);
  });

  it('a rebuild ends the replay: a reconnect from before it gets a snapshot of the rebuilt read model, open streams go on', async () => {
    const member = await quickMember(s);
    const p1 = await award(member.paxId, 10);
    const p2 = await award(member.paxId, 20);
    const watching = await connect({ 'auth-token': member.token });
    await watching.waitFor((f) => f.event === 'points' && JSON.parse(f.data!).balance === 30);
    // What a projection bug leaves behind: a wrong balance in the read model and in the messages it sent.
    const pool = s.runtime.deps.pool;
    await pool.query('UPDATE rm_member_points SET balance = 999 WHERE pax_id = $1', [member.paxId]);
    await pool.query(`UPDATE member_live_messages SET data = jsonb_set(data, '{balance}', '999') WHERE pax_id = $1 AND kind = 'points'`, [member.paxId]);

    await rebuildReadModels(pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings), undefined, 50);

    // A replay from p1 would hand out p2's old message (999); the horizon now stands past it, so a snapshot comes.
    expect(comparePositions(await liveHorizon(pool), parsePosition(p2.position)!)).toBeGreaterThanOrEqual(0);
    const stale = await connect({ 'auth-token': member.token, 'last-event-id': p1.position });
    const snapshot = await stale.waitFor((f) => f.event === 'points');
    expect(JSON.parse(snapshot.data!)).toMatchObject({ paxId: member.paxId, balance: 30 });
    await stale.waitFor((f) => f.event === 'resync');
    // The old messages are left to the pruning job (no reconnect can be given them any more).
    expect(await liveRows(member.paxId)).toBeGreaterThanOrEqual(2);

    const p3 = await award(member.paxId, 5);
    await stale.waitForId(p3.position);
    expect(stale.points().map((p) => p.balance)).toEqual([30, 35]);
    const resumed = await connect({ 'auth-token': member.token, 'last-event-id': snapshot.id! });
    await resumed.waitForId(p3.position);
    expect(resumed.points().map((p) => p.balance)).toEqual([35]);
    // The stream open across the rebuild went on live; it, and the first open of a stream, are told of no lost replay.
    await watching.waitForId(p3.position);
    expect(watching.points().at(-1)!.balance).toBe(35);
    expect([...watching.messages('resync'), ...resumed.messages('resync')]).toEqual([]);
  });
});
