import { startTestServer, type TestServer } from '../../support/test-server';
import { award, readAfter } from './ledger-helpers';

/**
 * Issue 54, item 7: the demo member's wallet listed 810 of 1,065 points as expiring (the next three dates) while the
 * admin expiry ladder placed all 1,065 (255 in Dec 2027). Both read the same lots; every point left expires on its
 * lot's date, so the wallet lists every date, and by month it is the ladder.
 */
jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ now: () => new Date('2026-12-01T20:00:00Z') });
});
afterAll(() => s.stop());

describe("a member's expiring points", () => {
  it('add up to the balance over every date, and agree month by month with the expiry ladder', async () => {
    const admin = await s.login('admin@example.com');
    const m = await s.enroll();
    const dated: [number, string][] = [
      [510, '2027-08-04'],
      [250, '2027-10-02'],
      [50, '2027-11-30'],
      [200, '2027-12-01'],
      [55, '2027-12-20'],
    ];
    let position = '';
    for (const [amount, date] of dated) position = await award(s, admin.token, m.paxId, amount, date);

    const points = await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, position);
    expect(points.body.balance).toBe(1065);
    expect(points.body.expiring).toEqual(dated.map(([amount, expirationDate]) => ({ amount, expirationDate })));

    const ladder = await readAfter(s, '/api/rest/admin/reports/liability?asOf=2026-12-01', admin.token, position);
    expect(ladder.status).toBe(200);
    const byMonth = new Map<string, number>();
    for (const e of points.body.expiring as { amount: number; expirationDate: string }[])
      byMonth.set(e.expirationDate.slice(0, 7), (byMonth.get(e.expirationDate.slice(0, 7)) ?? 0) + e.amount);
    // This server's only points are this member's.
    expect(ladder.body.byExpiryMonth).toEqual([...byMonth].map(([month, pts]) => ({ month, points: pts })));
  });
});
