import { dateIn } from '../../../event-schemas/calendar';
import { addMonths } from '../../../server/points/give-points';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from './fixtures';

jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

type Answer = { status: number; body: { type: string; errors?: { path: string }[] }; headers: Headers };
const expectProblem = (r: Answer, status: number, slug: string) => {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.type).toMatch(new RegExp(`/${slug}$`));
};
const expectInvalid = (r: Answer, path: string) => {
  expectProblem(r, 400, 'validation');
  expect(r.body.errors).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
};

const POSITION = /^\d{20}-\d{20}$/;
let keyCounter = 0;
const award = (paxId: number, body: Record<string, unknown>, token = admin.token) =>
  s.call('POST', `/api/rest/admin/participants/${paxId}/points`, { token, body: { description: 'Goodwill', idempotencyKey: `k-${++keyCounter}`, ...body } });
const points = (paxId: number, token: string, waitFor?: string) =>
  s.call('GET', `/api/rest/participants/${paxId}/points`, { token, headers: waitFor ? { 'x-wait-for-position': waitFor } : {} });
const awardsIn = async (paxId: number) => (await s.runtime.deps.store.readStream(`member-${paxId}`)).filter((e) => e.type === 'PointsAwarded');
const today = () => dateIn(s.runtime.deps.settings.timeZone, new Date());
const shiftDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('POST /admin/participants/{paxId}/points', () => {
  it('awards once per idempotency key and the read model shows it', async () => {
    const member = await s.enroll();
    const body = { amount: 300, description: 'Goodwill', idempotencyKey: 'gw-1' };
    const first = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ balance: 300, position: expect.stringMatching(POSITION) });
    const again = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Even with a different amount the key decides: nothing more is awarded.
    const changed = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body: { ...body, amount: 999 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(first.body);
    const p = await points(member.paxId, member.token, first.body.position);
    expect(p.body).toMatchObject({ balance: 300, pending: 0 });
    expect(await awardsIn(member.paxId)).toHaveLength(1);
  });

  it('adds up awards, records the admin as actor, and expires them by default after the configured months', async () => {
    const member = await quickMember(s);
    expect((await award(member.paxId, { amount: 100 })).body.balance).toBe(100);
    const second = await award(member.paxId, { amount: 250, description: '  Birthday bonus  ' });
    expect(second.status).toBe(201);
    expect(second.body.balance).toBe(350);
    const [a, b] = await awardsIn(member.paxId);
    expect(a.metadata).toMatchObject({ actor: { kind: 'admin', adminId: admin.paxId } });
    expect(b.data).toMatchObject({ amount: 250, description: 'Birthday bonus', source: 'ADMIN' });
    expect(b.data).toMatchObject({ expirationDate: addMonths(today(), s.runtime.deps.settings.pointsExpiryMonths) });
  });

  it('answers 403 to a member, also for their own paxId, and 401 anonymously; nothing is awarded', async () => {
    const member = await quickMember(s);
    expectProblem(await award(member.paxId, { amount: 100 }, member.token), 403, 'forbidden');
    const other = await quickMember(s);
    expectProblem(await award(member.paxId, { amount: 100 }, other.token), 403, 'forbidden');
    expectProblem(
      await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { body: { amount: 100, description: 'x', idempotencyKey: 'anon' } }),
      401,
      'unauthorized',
    );
    expect(await awardsIn(member.paxId)).toHaveLength(0);
  });

  let untouched: { paxId: number } | undefined;
  it.each([
    ['amount 0', { amount: 0 }, 'body.amount'],
    ['a fractional amount', { amount: 1.5 }, 'body.amount'],
    ['a negative amount', { amount: -100 }, 'body.amount'],
    ['an amount of text', { amount: 'x' }, 'body.amount'],
    ['an amount given as a numeric string', { amount: '100' }, 'body.amount'],
    ['an amount above the maximum', { amount: 100_001 }, 'body.amount'],
    ['a missing amount', { amount: undefined }, 'body.amount'],
    ['a missing description', { amount: 100, description: undefined }, 'body.description'],
    ['a blank description', { amount: 100, description: '   ' }, 'body.description'],
    ['a description of 201 characters', { amount: 100, description: 'x'.repeat(201) }, 'body.description'],
    ['a missing idempotency key', { amount: 100, idempotencyKey: undefined }, 'body.idempotencyKey'],
    ['an impossible expiration date', { amount: 100, expirationDate: '2031-02-30' }, 'body.expirationDate'],
    ['an expiration date not as YYYY-MM-DD', { amount: 100, expirationDate: '12/31/2031' }, 'body.expirationDate'],
  ])('answers 400 naming the field for %s, and awards nothing', async (_what, body, path) => {
    untouched ??= await quickMember(s);
    expectInvalid(await award(untouched.paxId, body), path);
    expect(await awardsIn(untouched.paxId)).toHaveLength(0);
  });

  it('answers 400 naming body.expirationDate for an expiration date in the past or today, and awards nothing', async () => {
    const member = await quickMember(s);
    expectInvalid(await award(member.paxId, { amount: 100, expirationDate: '2020-01-01' }), 'body.expirationDate');
    expectInvalid(await award(member.paxId, { amount: 100, expirationDate: shiftDays(today(), -1) }), 'body.expirationDate');
    expectInvalid(await award(member.paxId, { amount: 100, expirationDate: today() }), 'body.expirationDate');
    expect(await awardsIn(member.paxId)).toHaveLength(0);
    const ok = await award(member.paxId, { amount: 100, expirationDate: shiftDays(today(), 2) });
    expect(ok.status).toBe(201);
  });

  it('answers 404 for a participant that does not exist, and 400 for a bad paxId', async () => {
    expectProblem(await award(987654, { amount: 100 }), 404, 'not-found');
    const bad = await award(0, { amount: 100 });
    expectInvalid(bad, 'path.paxId');
    expectInvalid(
      await s.call('POST', '/api/rest/admin/participants/abc/points', { token: admin.token, body: { amount: 100, description: 'x', idempotencyKey: 'y' } }),
      'path.paxId',
    );
  });

  it('lands every one of 10 parallel awards with different keys', async () => {
    const member = await quickMember(s);
    const amounts = Array.from({ length: 10 }, (_, i) => (i + 1) * 10);
    const results = await Promise.all(amounts.map((amount, i) => award(member.paxId, { amount, idempotencyKey: `parallel-${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const positions = results.map((r) => r.body.position as string);
    expect(new Set(positions).size).toBe(10);
    const total = amounts.reduce((a, b) => a + b, 0);
    // Each answer's balance is the balance right after that award: in log order they are the running sums.
    const inLogOrder = results.map((r, i) => ({ ...r.body, amount: amounts[i] })).sort((a, b) => (a.position < b.position ? -1 : 1));
    let running = 0;
    for (const r of inLogOrder) expect(r.balance).toBe((running += r.amount));
    const last = inLogOrder[inLogOrder.length - 1];
    expect(last.balance).toBe(total);
    expect((await points(member.paxId, admin.token, last.position)).body.balance).toBe(total);
    expect(await awardsIn(member.paxId)).toHaveLength(10);
  });

  it('awards exactly once for 10 parallel requests with the SAME key', async () => {
    const member = await quickMember(s);
    const body = { amount: 500, description: 'Once only', idempotencyKey: 'same-key' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, { token: admin.token, body })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const created = results.find((r) => r.status === 201)!;
    for (const r of results) expect(r.body).toEqual(created.body);
    expect(await awardsIn(member.paxId)).toHaveLength(1);
    expect((await points(member.paxId, member.token, created.body.position)).body.balance).toBe(500);
  });
});

describe('GET /participants/{paxId}/points', () => {
  it('answers the member balance, pending and the expiring amounts grouped by date, soonest first', async () => {
    const member = await quickMember(s);
    const soon = shiftDays(today(), 10);
    const later = shiftDays(today(), 40);
    await award(member.paxId, { amount: 100, expirationDate: later });
    await award(member.paxId, { amount: 200, expirationDate: soon });
    const last = await award(member.paxId, { amount: 50, expirationDate: soon });
    const r = await points(member.paxId, member.token, last.body.position);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      balance: 350,
      pending: 0,
      expiring: [
        { amount: 250, expirationDate: soon },
        { amount: 100, expirationDate: later },
      ],
    });
  });

  it('answers a new member zeros, an admin any member, 403 another member, 401 anonymously, 400 a bad id, 404 an unknown one', async () => {
    const member = await quickMember(s);
    const mine = await points(member.paxId, member.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ balance: 0, pending: 0, expiring: [] });
    expect((await points(member.paxId, admin.token)).body).toEqual(mine.body);
    const other = await quickMember(s);
    expectProblem(await points(member.paxId, other.token), 403, 'forbidden');
    expectProblem(await s.call('GET', `/api/rest/participants/${member.paxId}/points`), 401, 'unauthorized');
    expectInvalid(await points(0, admin.token), 'path.paxId');
    expectProblem(await points(987654, admin.token), 404, 'not-found');
  });
});
