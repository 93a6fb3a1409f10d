import { PROGRESS_CHANNEL } from '../../../projections/runner';
import { SESSION_REVOKED_CHANNEL } from '../../../server/auth/sessions';
import { hashToken } from '../../../server/auth/tokens';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { createPromotion, statusAction } from '../promotions/promotion-helpers';
import { SseClient } from './sse-client';

// Promotions belong to every member, so their changes reach every open stream as a `promotions` message.
jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
const open: SseClient[] = [];
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date('2026-04-15T19:00:00Z') });
  admin = await s.login(DEMO.admin.email);
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(() => s.stop());

const connect = async (token: string, headers: Record<string, string> = {}) => {
  const c = await SseClient.open(`${s.url}/api/rest/live`, { 'auth-token': token, ...headers });
  open.push(c);
  await c.waitFor((f) => f.event === 'points');
  return c;
};
const promotionMessages = (c: SseClient) => c.messages('promotions').length;

describe('GET /api/rest/live: promotions', () => {
  it('tells every open stream when a promotion is created and when it ends, without an id', async () => {
    const [one, two] = [await quickMember(s), await quickMember(s)];
    const [first, second] = [await connect(one.token), await connect(two.token)];

    const made = await createPromotion(s, admin.token, { name: 'Broadcast Bonus' });
    for (const c of [first, second]) await c.waitFor((f) => f.event === 'promotions', 5000, 'the created promotion');
    const created = first.messages('promotions')[0];
    expect(JSON.parse(created.data!)).toEqual({ topic: 'promotions' });
    // Not part of the member's own log: an id would move the Last-Event-ID a reconnect resumes from.
    expect(created.id).toBeUndefined();

    const seen = promotionMessages(first);
    expect((await statusAction(s, admin.token, made.id, 'end')).status).toBe(200);
    for (const c of [first, second]) await c.waitFor(() => promotionMessages(c) > seen, 5000, 'the ended promotion');
    // What the message says to re-read already holds the change when it arrives.
    const tiles = await s.call('GET', '/api/rest/promotions/tiles', { token: one.token });
    expect((tiles.body.items as { promoId: string }[]).map((t) => t.promoId)).not.toContain(made.id);
  });

  it('says nothing about promotions when only a member’s points change', async () => {
    const member = await quickMember(s);
    const c = await connect(member.token);
    const award = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 40, description: 'Not a promotion', idempotencyKey: `broadcast-${member.paxId}` },
    });
    expect(award.status).toBe(201);
    await c.waitForId(award.body.position as string);
    expect(promotionMessages(c)).toBe(0);
  });

  it('leaves a reconnect to replay the member’s own messages from the last id, as before', async () => {
    const member = await quickMember(s);
    const c = await connect(member.token);
    const award = async (amount: number, key: string) =>
      (
        await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
          token: admin.token,
          body: { amount, description: 'Replay', idempotencyKey: key },
        })
      ).body as { position: string };
    const a = await award(10, `replay-a-${member.paxId}`);
    await c.waitForId(a.position);
    await createPromotion(s, admin.token, { name: 'Between two awards' });
    await c.waitFor((f) => f.event === 'promotions');
    c.close();
    const b = await award(20, `replay-b-${member.paxId}`);

    const again = await connect(member.token, { 'last-event-id': a.position });
    await again.waitForId(b.position);
    expect(again.points().map((p) => p.balance)).toEqual([30]);
  });

  it('a sign-out and a promotion change heard together end the stream, and nothing is written to it after its end', async () => {
    const member = await quickMember(s);
    const c = await connect(member.token);
    // One transaction, so the server hears both notifications in one batch: the stream is ended by the first and, if
    // it were still listed, written to by the second (a write after end, an uncaught 'error', the process gone).
    const db = await s.runtime.deps.pool.connect();
    try {
      await db.query('BEGIN');
      await db.query('SELECT pg_notify($1, $2)', [SESSION_REVOKED_CHANNEL, JSON.stringify([hashToken(member.token).toString('hex')])]);
      const progress = { projection: 'promotion-tiles', position: '00000000000000000000-00000000000000000001', paxIds: [], broadcasts: ['promotions'] };
      await db.query('SELECT pg_notify($1, $2)', [PROGRESS_CHANNEL, JSON.stringify(progress)]);
      await db.query('COMMIT');
    } finally {
      db.release();
    }
    const until = Date.now() + 5000;
    while (!c.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(c.closed).toBe(true);
    expect(promotionMessages(c)).toBe(0);
    expect(s.runtime.deps.hub.connectionCount).toBe(0);
    expect((await s.call('GET', '/healthz')).status).toBe(200);
  });
});
