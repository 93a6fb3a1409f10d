import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

// Failed sign-ins cost a memory-hard hash each, so these tests share one server and count carefully. Each test uses
// addresses of its own (X-Forwarded-For is trusted from loopback), so per-address counters of tests never meet.
jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

let addressCounter = 0;
const freshAddress = () => `10.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}.1`;
const attempt = (username: string, password: string, address = freshAddress()) =>
  s.call('POST', '/api/rest/authenticate/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const RETRY_AFTER = String(15 * 60);
const failuresOf = async (key: string) =>
  (await s.runtime.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE key = $1', [key])).rows[0].n;

const expectRateLimited = (r: { status: number; body: { type: string; status: number }; headers: Headers }) => {
  expect(r.status).toBe(429);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.type).toMatch(/\/rate-limited$/);
  expect(r.headers.get('retry-after')).toBe(RETRY_AFTER);
};

describe('sign-in throttling', () => {
  it('counts failures per account (5) and per address (20); a 429 has Retry-After and never says whether the account exists', async () => {
    const member = await s.enroll();
    const ghost = `ghost-${Date.now()}@example.com`;
    const address = freshAddress();
    // Five failures each for an enrolled and an unknown account, all from one address.
    const failures = await times(10, (i) => attempt(i % 2 ? member.email : ghost, 'Wrong-password-1', address));
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));

    // Per account: from a new address, even the right password is refused.
    const existing = await attempt(member.email, 'Sturdy-pass-42');
    expectRateLimited(existing);
    expect(existing.body).not.toHaveProperty('authToken');
    const missing = await attempt(ghost.toUpperCase(), 'Wrong-password-1');
    expectRateLimited(missing);
    expect(missing.body).toEqual(existing.body);
    expect(JSON.stringify(missing.body)).not.toMatch(/ghost/i);
    // Other accounts are not locked.
    expect((await attempt(DEMO.member.email, DEMO.password)).status).toBe(200);

    // Per address: ten more failures on ten other accounts make twenty from that address.
    const more = await times(10, (i) => attempt(`guess-${i}-${Date.now()}@example.com`, 'Wrong-password-1', address));
    expect(more.map((r) => r.status)).toEqual(Array(10).fill(401));
    expectRateLimited(await attempt(DEMO.admin.email, DEMO.password, address));
    expectRateLimited(await attempt(`someone-new-${Date.now()}@example.com`, 'Wrong-password-1', address));
    // Other addresses are not.
    expect((await attempt(DEMO.admin.email, DEMO.password)).status).toBe(200);
  });

  it('a successful sign-in forgives the account its earlier failures', async () => {
    const member = await s.enroll();
    expect((await times(4, () => attempt(member.email, 'Wrong-password-1'))).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const address = freshAddress();
    expect((await attempt(member.email, 'Sturdy-pass-42', address)).status).toBe(200);
    expect(await failuresOf(`account:${member.email}`)).toBe(0);
    // A success is no failure of its address either.
    expect(await failuresOf(`address:${address}`)).toBe(0);
    // Were the four still counted, the second of these would be the sixth failure and answer 429.
    expect((await attempt(member.email, 'Wrong-password-1')).status).toBe(401);
    expect((await attempt(member.email, 'Wrong-password-1')).status).toBe(401);
  });

  it('parallel guesses cannot get past the limit: of 15 concurrent attempts at most 5 are even checked, and the 6th failure is refused', async () => {
    const target = `parallel-${Date.now()}@example.com`;
    const statuses = (await times(15, () => attempt(target, 'Wrong-password-1'))).map((r) => r.status);
    expect(statuses.filter((x) => x !== 401 && x !== 429)).toEqual([]);
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5);
    // Only the checked attempts count as failures: the refused ones were withdrawn.
    expect(await failuresOf(`account:${target}`)).toBe(statuses.filter((x) => x === 401).length);
    expect((await attempt(target, 'Wrong-password-1')).status).toBe(statuses.filter((x) => x === 401).length === 5 ? 429 : 401);
  });
});
