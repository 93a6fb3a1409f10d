import { formatPosition } from '../../../event-schemas/store/position';
import { watchNothingHappensFor } from '../../support/quiet';
import http from 'node:http';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { SseClient } from './sse-client';

jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
const open: SseClient[] = [];
beforeAll(async () => {
  s = await startTestServer({ hub: { heartbeatMs: 200 } });
  admin = await s.login(DEMO.admin.email);
});
const stalledResponses: http.IncomingMessage[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  for (const r of stalledResponses.splice(0)) r.destroy();
});
afterAll(() => s.stop());

const LIVE = '/api/rest/live';
const POSITION = /^\d{20}-\d{20}$/;
const connect = async (query: string, headers: Record<string, string> = {}) => {
  const c = await SseClient.open(`${s.url}${LIVE}${query}`, headers);
  open.push(c);
  return c;
};
let keys = 0;
const award = async (paxId: number, amount: number) => {
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: admin.token,
    body: { amount, description: 'Live test', idempotencyKey: `live-${++keys}` },
  });
  expect(r.status).toBe(201);
  return r.body as { balance: number; position: string };
};

describe('GET /api/rest/live: who may connect', () => {
  it('opens a text/event-stream with the auth-token header and starts with a points snapshot', async () => {
    const member = await quickMember(s);
    const a = await award(member.paxId, 120);
    await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: member.token, headers: { 'x-wait-for-position': a.position } });
    const c = await connect('', { 'auth-token': member.token });
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(c.headers.get('cache-control')).toMatch(/no-cache/);
    const snapshot = await c.waitFor((f) => f.event === 'points');
    expect(snapshot.id).toBe(a.position);
    expect(JSON.parse(snapshot.data!)).toEqual({ paxId: member.paxId, balance: 120, pending: 0, position: a.position });
    expect(c.frames[0].retry).toBeGreaterThan(0);
  });

  it('answers a new member a zero snapshot', async () => {
    const member = await quickMember(s);
    const c = await connect('', { 'auth-token': member.token });
    const snapshot = await c.waitFor((f) => f.event === 'points');
    expect(JSON.parse(snapshot.data!)).toMatchObject({ paxId: member.paxId, balance: 0, pending: 0 });
    expect(snapshot.id).toMatch(POSITION);
  });

  it('answers 401 problem+json without a token, with a bad token, and with an ended session', async () => {
    const member = await quickMember(s);
    for (const headers of [{}, { 'auth-token': 'not-a-session' }] as Record<string, string>[]) {
      const c = await connect('', headers);
      expect(c.status).toBe(401);
      expect(c.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(c.body).type).toMatch(/\/unauthorized$/);
    }
    await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: member.token } });
    expect((await connect('', { 'auth-token': member.token })).status).toBe(401);
  });

  it('a ticket from POST /live/tickets opens the stream once; a second use, a made-up or anonymous ticket is 401', async () => {
    const member = await quickMember(s);
    const t = await s.call('POST', '/api/rest/live/tickets', { token: member.token });
    expect(t.status).toBe(201);
    expect(t.body).toEqual({ ticket: expect.any(String), expiresInSeconds: expect.any(Number) });
    expect(t.body.ticket).not.toBe(member.token);

    const first = await connect(`?ticket=${encodeURIComponent(t.body.ticket)}`);
    expect(first.status).toBe(200);
    const snapshot = await first.waitFor((f) => f.event === 'points');
    expect(JSON.parse(snapshot.data!).paxId).toBe(member.paxId);

    const second = await connect(`?ticket=${encodeURIComponent(t.body.ticket)}`);
    expect(second.status).toBe(401);
    expect((await connect('?ticket=made-up')).status).toBe(401);
    expect((await s.call('POST', '/api/rest/live/tickets')).status).toBe(401);
  });

  it('a ticket stops working when its session ends', async () => {
    const member = await quickMember(s);
    const t = await s.call('POST', '/api/rest/live/tickets', { token: member.token });
    await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: member.token } });
    expect((await connect(`?ticket=${encodeURIComponent(t.body.ticket)}`)).status).toBe(401);
  });
});

describe('GET /api/rest/live: messages', () => {
  it('pushes a points message after an award, its id being the award’s position', async () => {
    const member = await quickMember(s);
    const c = await connect('', { 'auth-token': member.token });
    await c.waitFor((f) => f.event === 'points');
    const a = await award(member.paxId, 75);
    const pushed = await c.waitForId(a.position);
    expect(pushed.event).toBe('points');
    expect(JSON.parse(pushed.data!)).toEqual({ paxId: member.paxId, balance: 75, pending: 0, position: a.position });
    const b = await award(member.paxId, 25);
    expect(JSON.parse((await c.waitForId(b.position)).data!).balance).toBe(100);
    // Only this member's messages arrive on this stream.
    const other = await quickMember(s);
    const o = await award(other.paxId, 999);
    const after = await award(member.paxId, 1);
    await c.waitForId(after.position);
    expect(c.messages().map((f) => f.id)).not.toContain(o.position);
    expect(c.points().every((p) => p.paxId === member.paxId)).toBe(true);
  });

  it('a reconnect with Last-Event-ID replays exactly the missed messages, in order, then goes on live', async () => {
    const member = await quickMember(s);
    const first = await connect('', { 'auth-token': member.token });
    await first.waitFor((f) => f.event === 'points');
    const p1 = await award(member.paxId, 10);
    const p2 = await award(member.paxId, 20);
    await first.waitForId(p2.position);
    first.close();
    const p3 = await award(member.paxId, 30);
    const p4 = await award(member.paxId, 40);

    const again = await connect('', { 'auth-token': member.token, 'last-event-id': p1.position });
    expect(again.status).toBe(200);
    await again.waitForId(p4.position);
    const p5 = await award(member.paxId, 50);
    await again.waitForId(p5.position);
    const missed = [p2.position, p3.position, p4.position, p5.position];
    expect(again.messages('points').map((f) => f.id)).toEqual(missed);
    expect(again.points().map((p) => p.balance)).toEqual([30, 60, 100, 150]);
    // Other kinds of message (activity...) may share those positions, but nothing from before the cursor comes.
    for (const f of again.messages()) expect(missed).toContain(f.id);

    // The query parameter does the same for clients that cannot set the header.
    const byQuery = await connect(`?lastEventId=${encodeURIComponent(p3.position)}`, { 'auth-token': member.token });
    await byQuery.waitForId(p5.position);
    expect(byQuery.messages('points').map((f) => f.id)).toEqual([p4.position, p5.position]);
  });

  it('sends a heartbeat comment when idle', async () => {
    const member = await quickMember(s);
    const c = await connect('', { 'auth-token': member.token });
    const beat = await c.waitFor((f) => f.comment !== undefined, 3000, 'a heartbeat comment');
    expect(beat.comment).toBe('heartbeat');
    expect(beat.event).toBeUndefined();
  });

  it('a stalled client does not delay another member’s stream, and catches up in order once it reads again', async () => {
    const slow = await quickMember(s);
    const fast = await quickMember(s);
    const start = await award(slow.paxId, 5);
    await s.call('GET', `/api/rest/participants/${slow.paxId}/points`, { token: slow.token, headers: { 'x-wait-for-position': start.position } });

    // The slow member's client reads the response head and then stops reading: its socket buffers fill up.
    const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(`${s.url}${LIVE}`, { headers: { 'auth-token': slow.token } }, resolve);
      req.on('error', reject);
    });
    stalledResponses.push(stalled);
    expect(stalled.statusCode).toBe(200);
    stalled.pause();
    const stalledSocket = stalled.socket;

    // Far more than any socket buffer holds: 48 messages of 512 KiB for the slow member, after its snapshot
    // (written straight into the live-message table, as the projection would), then real awards on top.
    const filler = 'x'.repeat(512 * 1024);
    const [major, minor] = start.position.split('-').map(BigInt);
    const total = 48;
    await s.runtime.deps.pool.query(
      `INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data)
       SELECT $1, $2::numeric, $3::numeric + g, 'bulk', jsonb_build_object('n', g, 'filler', $4::text) FROM generate_series(1, $5) g`,
      [slow.paxId, major.toString(), minor.toString(), filler, total],
    );
    // And told as a projection's batch tells its writes (the hub hands on the messages of batches it hears of; rows
    // nobody tells of would only be found by a later read of the table).
    const told = { projections: [], position: formatPosition({ major, minor: minor + BigInt(total) }), paxIds: [slow.paxId] };
    await s.runtime.deps.pool.query(`SELECT pg_notify('projection_progress', $1)`, [JSON.stringify(told)]);
    const slowAwards: string[] = [];
    for (let i = 0; i < 5; i++) slowAwards.push((await award(slow.paxId, 1)).position);
    // The stalled reader must not have been sent everything: watched for a while, as an absence must be.
    await watchNothingHappensFor(300);
    const readBefore = stalledSocket.bytesRead;
    expect(readBefore).toBeLessThan(total * filler.length);

    const c = await connect('', { 'auth-token': fast.token });
    await c.waitFor((f) => f.event === 'points');
    // A hub that waited on the stalled socket would hold this back for stallMs (30 s). The bound is loose because
    // projections read only below the cluster-wide xmin, so other databases' transactions on a busy test cluster can
    // delay any push by a second or so (the projection daemon then wakes on its 1 s poll).
    const f = await award(fast.paxId, 42);
    const answered = Date.now();
    await c.waitForId(f.position, 5000);
    expect(Date.now() - answered).toBeLessThan(5000);
    // The slow client was still stalled all the while.
    expect(stalledSocket.bytesRead).toBeLessThan(total * filler.length);

    // Once the slow client reads again it gets everything, in order, the real awards after the bulk.
    const ids: string[] = [];
    const kinds: string[] = [];
    let buffer = '';
    stalled.setEncoding('utf8');
    const lastAward = slowAwards[slowAwards.length - 1];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stalled client never caught up: ${ids.length} messages`)), 15_000);
      stalled.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(frame)?.[1];
          const kind = /^event: (.*)$/m.exec(frame)?.[1];
          if (id && kind) {
            ids.push(id);
            kinds.push(kind);
          }
          if (id === lastAward && kind === 'points') {
            clearTimeout(timer);
            resolve();
          }
        }
      });
      stalled.resume();
    });
    expect(kinds.filter((k) => k === 'bulk')).toHaveLength(total);
    expect(ids.filter((id, i) => kinds[i] === 'points').slice(-5)).toEqual(slowAwards);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('GET /api/rest/live: when the session ends', () => {
  it('closes an open stream as soon as its session signs out', async () => {
    const member = await quickMember(s);
    const c = await connect('', { 'auth-token': member.token });
    await c.waitFor((f) => f.event === 'points');
    expect((await s.call('POST', '/api/rest/authenticate/logout', { body: { authToken: member.token } })).status).toBe(204);
    const until = Date.now() + 5000;
    while (!c.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(c.closed).toBe(true);
  });
});
