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
const asAdmin = (path: string, position?: string) =>
  s.call('GET', path, { token: admin.token, headers: position ? { 'x-wait-for-position': position } : {} }) as Promise<Answer & { body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
let key = 0;
const award = async (paxId: number, amount: number) => {
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: admin.token,
    body: { amount, description: 'Drill-down test', idempotencyKey: `drill-${++key}` },
  });
  expect(r.status).toBe(201);
  return r.body.position as string;
};

describe('GET /admin/reports/points-flow/entries', () => {
  it('lists the day’s awards behind the figure with their members, totals equal to the figure, pages that cover them', async () => {
    const member = await quickMember(s, { firstName: 'Drill', lastName: 'Down' });
    await award(member.paxId, 120);
    const position = await award(member.paxId, 300);
    const day = today();
    const r = await asAdmin(`/api/rest/admin/reports/points-flow/entries?measure=earned&source=ADMIN&from=${day}&to=${day}`, position);
    expect(r.status).toBe(200);
    const mine = (r.body.items as { paxId: number }[]).filter((i) => i.paxId === member.paxId);
    expect(mine).toEqual([
      expect.objectContaining({ paxId: member.paxId, name: 'Drill Down', day, points: 120, eventType: 'PointsAwarded' }),
      expect.objectContaining({ paxId: member.paxId, name: 'Drill Down', day, points: 300, eventType: 'PointsAwarded' }),
    ]);
    const flow = await asAdmin(`/api/rest/admin/reports/points-flow?from=${day}&to=${day}&interval=day`);
    expect(r.body.totalPoints).toBe(flow.body.items[0].earned.bySource.ADMIN);
    const all = await asAdmin(`/api/rest/admin/reports/points-flow/entries?measure=earned&from=${day}&to=${day}`);
    expect(all.body.totalPoints).toBe(flow.body.items[0].earned.total);

    // One row a page, in log order; a page past the last is empty and still states the totals.
    const total = r.body.totalElements as number;
    const pages = [];
    for (let page = 0; page <= total; page++)
      pages.push((await asAdmin(`/api/rest/admin/reports/points-flow/entries?measure=earned&source=ADMIN&from=${day}&to=${day}&page=${page}&size=1`)).body);
    expect(pages.map((p) => p.items.length)).toEqual([...Array(total).fill(1), 0]);
    expect(pages.map((p) => p.items[0]?.position).filter(Boolean)).toEqual(r.body.items.map((i: { position: string }) => i.position));
    expect(pages[total]).toEqual({ items: [], page: total, size: 1, totalElements: total, totalPoints: r.body.totalPoints });
  });

  it('answers 400 naming the field for a bad measure, source, from, to, page or size, 403 to a member and 401 anonymously', async () => {
    const base = '/api/rest/admin/reports/points-flow/entries';
    expectInvalid(await asAdmin(base), 'query.measure');
    expectInvalid(await asAdmin(`${base}?measure=burned`), 'query.measure');
    expectInvalid(await asAdmin(`${base}?measure=earned&source=LOTTERY`), 'query.source');
    expectInvalid(await asAdmin(`${base}?measure=redeemed&source=ADMIN`), 'query.source');
    expectInvalid(await asAdmin(`${base}?measure=expired&from=2024-02-30`), 'query.from');
    expectInvalid(await asAdmin(`${base}?measure=expired&from=2024-03-02&to=2024-03-01`), 'query.from');
    expectInvalid(await asAdmin(`${base}?measure=expired&from=2023-01-01&to=2024-03-01`), 'query.from');
    // A month is the longest span: 31 days answer, 32 are refused.
    expect((await asAdmin(`${base}?measure=expired&from=2024-03-01&to=2024-03-31`)).status).toBe(200);
    expectInvalid(await asAdmin(`${base}?measure=expired&from=2024-03-01&to=2024-04-01`), 'query.from');
    expectInvalid(await asAdmin(`${base}?measure=expired&to=yesterday`), 'query.to');
    expectInvalid(await asAdmin(`${base}?measure=expired&page=-1`), 'query.page');
    expectInvalid(await asAdmin(`${base}?measure=expired&size=0`), 'query.size');
    expectInvalid(await asAdmin(`${base}?measure=expired&size=101`), 'query.size');
    const member = await quickMember(s);
    expect((await s.call('GET', `${base}?measure=earned`, { token: member.token })).status).toBe(403);
    expect((await s.call('GET', `${base}?measure=earned`)).status).toBe(401);
  });
});

describe('GET /admin/reports/certificates/outstanding', () => {
  it('lists a redemption’s certificate with its member and value, totals equal to the liability’s category', async () => {
    const member = await quickMember(s, { firstName: 'Cert', lastName: 'Holder' });
    await award(member.paxId, 500);
    const redeemed = await s.call('POST', `/api/rest/participants/${member.paxId}/points/redeem`, {
      token: member.token,
      body: { amount: 200, type: 'CONSUMER' },
    });
    expect(redeemed.status).toBe(201);
    const day = today();
    const r = await asAdmin(`/api/rest/admin/reports/certificates/outstanding?category=reward&asOf=${day}`, redeemed.body.position);
    expect(r.status).toBe(200);
    const value = 200 / s.runtime.deps.settings.redemptionDivisor;
    expect(r.body.items).toContainEqual(expect.objectContaining({ paxId: member.paxId, name: 'Cert Holder', value }));
    const liability = await asAdmin(`/api/rest/admin/reports/liability?asOf=${day}`);
    const reward = liability.body.certificates.find((c: { category: string }) => c.category === 'reward');
    expect({ count: r.body.totalElements, value: r.body.totalValue }).toEqual({ count: reward.count, value: reward.value });
    // A category with none, and a page past the last.
    expect((await asAdmin(`/api/rest/admin/reports/certificates/outstanding?category=no-such-category&asOf=${day}`)).body).toEqual({
      items: [],
      page: 0,
      size: 100,
      totalElements: 0,
      totalValue: 0,
    });
    const past = await asAdmin(`/api/rest/admin/reports/certificates/outstanding?category=reward&asOf=${day}&page=${reward.count}&size=1`);
    expect(past.body).toEqual({ items: [], page: reward.count, size: 1, totalElements: reward.count, totalValue: reward.value });
  });

  it('answers 400 naming the field for a bad category, asOf, page or size, 403 to a member and 401 anonymously', async () => {
    const base = '/api/rest/admin/reports/certificates/outstanding';
    expectInvalid(await asAdmin(base), 'query.category');
    expectInvalid(await asAdmin(`${base}?category=`), 'query.category');
    expectInvalid(await asAdmin(`${base}?category=${'x'.repeat(101)}`), 'query.category');
    expectInvalid(await asAdmin(`${base}?category=reward&asOf=2024-13-01`), 'query.asOf');
    expectInvalid(await asAdmin(`${base}?category=reward&page=x`), 'query.page');
    expectInvalid(await asAdmin(`${base}?category=reward&size=1000`), 'query.size');
    const member = await quickMember(s);
    expect((await s.call('GET', `${base}?category=reward`, { token: member.token })).status).toBe(403);
    expect((await s.call('GET', `${base}?category=reward`)).status).toBe(401);
  });
});
