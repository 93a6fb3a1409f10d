import { dateIn } from '../../../event-schemas/calendar';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

type Answer = { status: number; body: { type: string; errors?: { path: string }[] }; headers: Headers };
const expectInvalid = (r: Answer, path: string) => {
  expect(r.status).toBe(400);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.errors).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
};

// Dates relative to the server's clock (the programme's today), never fixed dates compared with it.
const today = () => dateIn(s.runtime.deps.settings.timeZone, s.runtime.deps.now());
const shiftDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
let key = 0;
const award = async (paxId: number, amount: number) => {
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: admin.token,
    body: { amount, description: 'Report test', idempotencyKey: `report-${++key}` },
  });
  expect(r.status).toBe(201);
  return r.body.position as string;
};
const liability = (query = '', position?: string) =>
  s.call('GET', `/api/rest/admin/reports/liability${query}`, { token: admin.token, headers: position ? { 'x-wait-for-position': position } : {} });
const flow = (query: string, position?: string) =>
  s.call('GET', `/api/rest/admin/reports/points-flow${query}`, { token: admin.token, headers: position ? { 'x-wait-for-position': position } : {} });

type Liability = { outstandingPoints: number; outstandingValue: number; members: number; byExpiryMonth: { month: string; points: number }[] };
const monthPoints = (l: Liability, month: string) => l.byExpiryMonth.find((m) => m.month === month)?.points ?? 0;

describe('GET /admin/reports/liability', () => {
  it('moves today by what is awarded and redeemed, adds up by expiry month, values points at the redemption rate, and leaves yesterday alone', async () => {
    const yesterdayBefore = (await liability(`?asOf=${shiftDays(today(), -1)}`)).body;
    const before = (await liability()).body as Liability;
    const member = await quickMember(s);
    await award(member.paxId, 300);
    const awarded = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    const expiryMonth = (awarded[0].data as { expirationDate: string }).expirationDate.slice(0, 7);
    const redeemed = await s.call('POST', `/api/rest/participants/${member.paxId}/points/redeem`, {
      token: member.token,
      body: { amount: 100, type: 'CONSUMER' },
    });
    expect(redeemed.status).toBe(201);
    const after = await liability('', redeemed.body.position);
    expect(after.status).toBe(200);
    const a = after.body as Liability & { asOf: string; certificates: { category: string; count: number; value: number }[] };
    expect(a.asOf).toBe(today());
    expect(a.outstandingPoints - before.outstandingPoints).toBe(200);
    expect(a.members - before.members).toBe(1);
    expect(monthPoints(a, expiryMonth) - monthPoints(before, expiryMonth)).toBe(200);
    expect(a.byExpiryMonth.reduce((sum, m) => sum + m.points, 0)).toBe(a.outstandingPoints);
    expect(a.outstandingValue).toBeCloseTo(a.outstandingPoints / s.runtime.deps.settings.redemptionDivisor, 2);
    const rewards = a.certificates.find((c) => c.category === 'reward');
    expect(rewards).toBeDefined();
    expect(rewards!.count).toBeGreaterThanOrEqual(1);
    expect(rewards!.value).toBeGreaterThanOrEqual(100 / s.runtime.deps.settings.redemptionDivisor);
    // A past day's figure never moves.
    expect((await liability(`?asOf=${shiftDays(today(), -1)}`)).body).toEqual(yesterdayBefore);
  });

  it('answers 403 to a member and 401 anonymously', async () => {
    const member = await quickMember(s);
    const asMember = await s.call('GET', '/api/rest/admin/reports/liability', { token: member.token });
    expect(asMember.status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/reports/liability')).status).toBe(401);
  });

  it.each(['2024-02-30', 'yesterday', '2024-1-05'])('answers 400 naming query.asOf for %s', async (asOf) => {
    expectInvalid(await liability(`?asOf=${encodeURIComponent(asOf)}`), 'query.asOf');
  });
});

describe('GET /admin/reports/points-flow', () => {
  it('counts today’s awards by source and redemptions, every period of the range present, all counts positive', async () => {
    const day = today();
    const before = (await flow(`?from=${day}&to=${day}&interval=day`)).body.items[0];
    const member = await quickMember(s);
    await award(member.paxId, 500);
    const redeemed = await s.call('POST', `/api/rest/participants/${member.paxId}/points/redeem`, {
      token: member.token,
      body: { amount: 200, type: 'CONSUMER' },
    });
    expect(redeemed.status).toBe(201);
    const r = await flow(`?from=${shiftDays(day, -6)}&to=${day}&interval=day`, redeemed.body.position);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { period: string }) => i.period)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((n) => shiftDays(day, n)));
    const now = r.body.items[6];
    expect(now.earned.bySource.ADMIN - before.earned.bySource.ADMIN).toBe(500);
    expect(now.earned.total - before.earned.total).toBe(500);
    expect(now.redeemed - before.redeemed).toBe(200);
    for (const item of r.body.items) {
      for (const n of [item.earned.total, item.redeemed, item.spent, item.expired, item.forfeited, ...Object.values(item.earned.bySource)])
        expect(n).toBeGreaterThanOrEqual(0);
      expect(Object.values(item.earned.bySource).reduce((x: number, y) => x + (y as number), 0)).toBe(item.earned.total);
    }
    const byMonth = await flow(`?from=${day}&to=${day}&interval=month`);
    expect(byMonth.body.items).toEqual([expect.objectContaining({ period: day.slice(0, 7) })]);
    expect(byMonth.body.items[0].earned.total).toBeGreaterThanOrEqual(now.earned.total);
  });

  it('answers 400 naming the field for a bad from, to or interval, and 403 to a member', async () => {
    const day = today();
    expectInvalid(await flow(`?from=nope&to=${day}`), 'query.from');
    expectInvalid(await flow(`?from=${day}&to=2024-13-01`), 'query.to');
    expectInvalid(await flow(`?from=${day}&to=${day}&interval=week`), 'query.interval');
    expectInvalid(await flow(`?from=${day}&to=${shiftDays(day, -1)}`), 'query.from');
    expectInvalid(await flow(`?from=${shiftDays(day, -400)}&to=${day}&interval=day`), 'query.from');
    const member = await quickMember(s);
    expect((await s.call('GET', '/api/rest/admin/reports/points-flow', { token: member.token })).status).toBe(403);
  });
});

describe('GET /admin/reports/summary', () => {
  it('counts a new member enrolled and active, and gives breakage and redemption rate from the period’s flows', async () => {
    const day = today();
    const summary = (position?: string) =>
      s.call('GET', `/api/rest/admin/reports/summary?from=${day}&to=${day}`, {
        token: admin.token,
        headers: position ? { 'x-wait-for-position': position } : {},
      });
    const before = (await summary()).body;
    const member = await quickMember(s);
    await award(member.paxId, 1000);
    const redeemed = await s.call('POST', `/api/rest/participants/${member.paxId}/points/redeem`, {
      token: member.token,
      body: { amount: 500, type: 'CONSUMER' },
    });
    expect(redeemed.status).toBe(201);
    const r = await summary(redeemed.body.position);
    expect(r.status).toBe(200);
    expect(r.body.membersEnrolled - before.membersEnrolled).toBe(1);
    expect(r.body.membersActive90Days - before.membersActive90Days).toBe(1);
    expect(r.body.earned - before.earned).toBe(1000);
    expect(r.body.redeemed - before.redeemed).toBe(500);
    expect(r.body.redemptionRate).toBeCloseTo((r.body.redeemed + r.body.spent) / r.body.earned, 4);
    expect(r.body.breakageRate).toBeCloseTo(r.body.expired / r.body.earned, 4);
    // Nothing earned in a period gives no rate rather than a division by zero.
    const empty = await s.call('GET', '/api/rest/admin/reports/summary?from=2000-01-01&to=2000-01-31', { token: admin.token });
    expect(empty.body).toMatchObject({ earned: 0, breakageRate: null, redemptionRate: null });
  });

  // Issue 54, item 7: labelled "last 12 months", the rates counted from the first of the month 11 months back
  // (January 1 in December).
  it('counts the last 12 months to the day by default, and the flow by month from a month’s first day', async () => {
    const r = await s.call('GET', '/api/rest/admin/reports/summary?to=2026-12-02', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ from: '2025-12-03', to: '2026-12-02' });
    const leap = await s.call('GET', '/api/rest/admin/reports/summary?to=2028-02-29', { token: admin.token });
    expect(leap.body).toMatchObject({ from: '2027-03-01', to: '2028-02-29' });
    const flow = await s.call('GET', '/api/rest/admin/reports/points-flow?to=2026-12-02', { token: admin.token });
    expect((flow.body.items as { period: string }[]).map((i) => i.period)[0]).toBe('2026-01');
  });

  it('answers 400 naming the field, 403 to a member and 401 anonymously', async () => {
    const day = today();
    expectInvalid(await s.call('GET', `/api/rest/admin/reports/summary?from=${day}&to=${shiftDays(day, -1)}`, { token: admin.token }), 'query.from');
    expectInvalid(await s.call('GET', '/api/rest/admin/reports/summary?to=31-12-2024', { token: admin.token }), 'query.to');
    const member = await quickMember(s);
    expect((await s.call('GET', '/api/rest/admin/reports/summary', { token: member.token })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/reports/summary')).status).toBe(401);
  });
});

describe('GET /admin/reports/expiring-lots', () => {
  it('lists a month’s lots with their members, totals included, and answers 400 naming query.month and 403 to a member', async () => {
    const member = await quickMember(s, { firstName: 'Lotta', lastName: 'Lots' });
    const position = await award(member.paxId, 300);
    const lot = (await s.runtime.deps.store.readStream(`member-${member.paxId}`))[0].data as { lotId: string; expirationDate: string };
    const month = lot.expirationDate.slice(0, 7);
    const r = await s.call('GET', `/api/rest/admin/reports/expiring-lots?month=${month}`, { token: admin.token, headers: { 'x-wait-for-position': position } });
    expect(r.status).toBe(200);
    expect(r.body.lots).toContainEqual(
      expect.objectContaining({
        paxId: member.paxId,
        memberName: 'Lotta Lots',
        lotId: lot.lotId,
        points: 300,
        expirationDate: lot.expirationDate,
        source: 'ADMIN',
      }),
    );
    const ladder = (await liability(`?asOf=${today()}`)).body as Liability;
    expect(r.body.points).toBe(monthPoints(ladder, month));
    expectInvalid(await s.call('GET', '/api/rest/admin/reports/expiring-lots?month=2024-13', { token: admin.token }), 'query.month');
    expectInvalid(await s.call('GET', '/api/rest/admin/reports/expiring-lots', { token: admin.token }), 'query.month');
    expect((await s.call('GET', `/api/rest/admin/reports/expiring-lots?month=${month}`, { token: member.token })).status).toBe(403);
  });
});
