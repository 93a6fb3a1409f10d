import { encodeEvent, memberStream, PointsAwarded } from '../../../event-schemas';
import { deterministicUuid } from '../../../server/core/deterministic-id';
import { formatPosition } from '../../../event-schemas/store/position';
import { SseClient, type PointsData } from '../live/sse-client';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, readAfter, redeem } from './ledger-helpers';

jest.setTimeout(60_000);
let clock = new Date('2026-03-01T20:00:00Z');
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

/** A treatment award, written as the nightly job would: it is not a bonus points item. */
async function treatmentAward(paxId: number, amount: number): Promise<string> {
  const e = PointsAwarded.of({
    paxId,
    lotId: `treatment-lot-${paxId}`,
    amount,
    description: 'Treatment points',
    source: 'TREATMENT',
    expirationDate: '2027-03-01',
    idempotencyKey: null,
  });
  const meta = { actor: { kind: 'system' as const, job: 'process-treatments' }, correlationId: 'c', causationId: 'c', occurredAt: clock.toISOString() };
  const r = await s.runtime.deps.store.appendToStream(memberStream(paxId), [encodeEvent(deterministicUuid(`bonus-test/${paxId}`), e, meta)], {
    expectedRevision: 'any',
  });
  return formatPosition(r.position);
}

describe('GET /participants/{paxId}/bonus-points', () => {
  it('lists admin and other bonus awards (not treatment earnings) with what is left and the expiration date', async () => {
    const m = await s.enroll();
    await treatmentAward(m.paxId, 400);
    await award(s, admin.token, m.paxId, 150, '2026-03-20');
    await award(s, admin.token, m.paxId, 250);
    // A redemption takes the earliest-expiring lot first: 100 of the 150.
    const r = await redeem(s, m.token, m.paxId, 100);
    expect(r.status).toBe(201);
    const items = await readAfter(s, `/api/rest/participants/${m.paxId}/bonus-points`, m.token, r.body.position);
    expect(items.status).toBe(200);
    const byAmount = [...items.body.items].sort((a, b) => a.amount - b.amount);
    expect(byAmount).toEqual([
      expect.objectContaining({ description: 'Test award', source: 'ADMIN', amount: 150, remaining: 50, expirationDate: '2026-03-20' }),
      expect.objectContaining({ description: 'Test award', source: 'ADMIN', amount: 250, remaining: 250, expirationDate: '2027-03-01' }),
    ]);
  });

  it('is for the member, an admin, or an admin impersonating them: member B on A is 403', async () => {
    const a = await s.enroll();
    const b = await s.enroll();
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/bonus-points`, { token: b.token })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/bonus-points`)).status).toBe(401);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/bonus-points`, { token: admin.token })).status).toBe(200);
    const asA = await impersonate(s, admin.token, a.paxId);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/bonus-points`, { token: asA })).body).toEqual({ items: [] });
  });
});

describe('points past their expiration date before the expiry job runs', () => {
  it('leave GET /points balance and the live points message alike, as redemption already ignores them', async () => {
    clock = new Date('2026-03-01T20:00:00Z');
    const m = await s.enroll();
    await award(s, admin.token, m.paxId, 300, '2026-03-10');
    const last = await award(s, admin.token, m.paxId, 200);
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, last)).body.balance).toBe(500);

    // March 11 in Los Angeles: the 300 lot is past its date; no job has expired it.
    clock = new Date('2026-03-11T20:00:00Z');
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).body).toMatchObject({
      balance: 200,
      expiring: [{ amount: 200 }],
    });
    const live = await SseClient.open(`${s.url}/api/rest/live`, { 'auth-token': m.token });
    try {
      const snapshot = JSON.parse((await live.waitFor((f) => f.event === 'points')).data!) as PointsData;
      expect(snapshot.balance).toBe(200);
      // A later change is pushed with the same spendable balance.
      const next = await award(s, admin.token, m.paxId, 50);
      expect(JSON.parse((await live.waitForId(next)).data!).balance).toBe(250);
    } finally {
      live.close();
    }
    expect((await redeem(s, m.token, m.paxId, 300)).status).toBe(409);
  });
});
