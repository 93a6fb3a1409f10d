import { dateIn } from '../../../event-schemas/calendar';
import { activityHeaders } from '../../../projections/activity/activity-query';
import { pointsSummary } from '../../../projections/member-points/points-query';
import { DEMO } from '../../../server/seed/demo';
import { seedDemoHistory } from '../../../server/seed/demo-history';
import { appendHistory, planHistory } from '../../support/generated-history';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(180_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ runProjections: true });
});
afterAll(() => s.stop());

const today = () => dateIn(s.runtime.deps.settings.timeZone, s.runtime.deps.now());

/** Every header of a member, page by page as the client reads them (pages of 100). */
async function wholeActivity(paxId: number, asOf = today()) {
  const items: { activityType: string; points: number; activityDate: string; id: string }[] = [];
  for (let page = 0; ; page++) {
    const r = await activityHeaders(s.runtime.deps.pool, paxId, {}, page, 100, asOf);
    items.push(...r.items);
    if (items.length >= r.totalElements || r.items.length === 0) return { items, totalElements: r.totalElements };
  }
}

/** Pending treatments show their estimate, which is pending, not balance: the rest is what moved the balance. */
const netOf = (items: { activityType: string; points: number }[]) =>
  items.filter((i) => i.activityType !== 'TREATMENT PENDING').reduce((sum, i) => sum + i.points, 0);

const caughtUp = async () => {
  const head = await s.runtime.deps.store.headPosition();
  if (head && !(await s.runtime.deps.progress.waitFor(head, 60_000))) throw new Error('read models did not catch up');
};

describe('the activity, read whole', () => {
  it('adds up to the balance for the demo member, expired points included as dated negative rows', async () => {
    expect(await seedDemoHistory(s.runtime.deps, () => undefined)).toBe(true);
    await caughtUp();
    const member = await s.login(DEMO.member.email);
    const points = (await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: member.token })).body as { balance: number };
    const { items, totalElements } = await wholeActivity(member.paxId);
    expect(items).toHaveLength(totalElements);
    const expired = items.filter((i) => i.activityType === 'POINTS EXPIRED');
    expect(expired.length).toBeGreaterThan(0);
    for (const row of expired) {
      expect(row.points).toBeLessThan(0);
      expect(row.activityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(netOf(items)).toBe(points.balance);
    // The same figure through the route the portal reads, with its own paging.
    const viaRoute = await s.call('GET', `/api/rest/patients/${member.paxId}/activity-headers?size=100`, { token: member.token });
    expect(netOf(viaRoute.body.items)).toBe(points.balance);
  });

  it('adds up to the balance for every member of a generated history, lots overdue before the nightly job included', async () => {
    // Read as of a fixed day after every generated lot's date (the fillers' 2030-01-01 excepted), not the machine's
    // clock: on a clock before the history ends, nothing would be overdue yet and the case would prove nothing.
    const asOf = '2029-12-31';
    const plans = planHistory({ total: 3_000, members: 12, firstPaxId: 880_001, seed: 27 });
    await appendHistory(s.runtime.deps.store, plans, 4);
    await caughtUp();
    let overdueSeen = 0;
    for (let paxId = 880_001; paxId < 880_001 + plans.length; paxId++) {
      const { items } = await wholeActivity(paxId, asOf);
      const summary = await pointsSummary(s.runtime.deps.pool, paxId, asOf);
      expect({ paxId, net: netOf(items) }).toEqual({ paxId, net: summary.balance });
      const stored = await s.runtime.deps.pool.query('SELECT id FROM rm_activity WHERE pax_id = $1 AND activity_type = $2', [paxId, 'POINTS EXPIRED']);
      overdueSeen += items.filter((i) => i.activityType === 'POINTS EXPIRED').length - (stored.rowCount ?? 0);
    }
    // The generated histories end before today with lots left, so some are overdue and shown ahead of the job.
    expect(overdueSeen).toBeGreaterThan(0);
  });
});
