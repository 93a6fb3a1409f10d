import { randomUUID } from 'node:crypto';
import { decodeEvent, type DomainEvent } from '../../../event-schemas';
import { dateIn, endOfDateIn } from '../../../event-schemas/calendar';
import type { StoredEvent } from '../../../event-schemas/store/event-store';
import { rebuildReadModels } from '../../../projections/rebuild';
import { PROCESS_NAMES, registeredReadModels } from '../../../server/composition-root';
import { readModelNames } from '../../../projections/registry';

import { DEMO } from '../../../server/seed/demo';
import { seedDemoHistory } from '../../../server/seed/demo-history';
import { appendHistory, planHistory } from '../../support/generated-history';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(180_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer({ runProjections: true });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

/**
 * The last event appended and how many there are, read from the log's table: the store's headPosition only names
 * what no open transaction can precede, and an append may commit after one with a later position.
 */
const appended = async () => {
  const r = await s.runtime.deps.pool.query<{ major: string; minor: string; count: string }>(
    `SELECT transaction_id::text AS major, global_position AS minor, (SELECT count(*) FROM es_events) AS count FROM es_events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  return { head: { major: BigInt(r.rows[0].major), minor: BigInt(r.rows[0].minor) }, count: Number(r.rows[0].count) };
};

/**
 * Waits until the log is quiet: the read models and the processes on the log (the certificate reconciler issues
 * certificates of redemptions) hold every event, and nothing was appended meanwhile.
 */
const settled = async () => {
  const names = [...readModelNames, ...PROCESS_NAMES];
  for (;;) {
    const before = await appended();
    if (!(await s.runtime.deps.progress.waitFor(before.head, 60_000, names))) throw new Error('the log did not settle');
    if ((await appended()).count === before.count) return;
  }
};

async function wholeLog(): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (;;) {
    const page = await s.runtime.deps.store.readAll(all.length ? all[all.length - 1].position : 'start', 1000);
    if (page.length === 0) return all;
    all.push(...page);
  }
}

interface Expected {
  outstandingPoints: number;
  members: number;
  byExpiryMonth: { month: string; points: number }[];
  certificates: { category: string; count: number }[];
}

/**
 * The figures as of the end of `asOf`, folded straight from the log: every member's balance from their own ledger
 * events up to that instant, lots spent as each event names them, certificates active and not used.
 */
function expectedFromLog(log: StoredEvent[], asOf: string): Expected {
  const end = endOfDateIn(s.runtime.deps.settings.timeZone, asOf).getTime();
  const balances = new Map<number, number>();
  const lotMonth = new Map<string, string>();
  const months = new Map<string, number>();
  const certificates = new Map<string, { category: string; status: string; used: boolean }>();
  const move = (paxId: number, by: number) => balances.set(paxId, (balances.get(paxId) ?? 0) + by);
  const moveMonth = (month: string, by: number) => months.set(month, (months.get(month) ?? 0) + by);
  for (const stored of log) {
    const { event, metadata } = decodeEvent(stored.type, stored.data, stored.metadata) as { event: DomainEvent; metadata: { occurredAt: string } };
    if (Date.parse(metadata.occurredAt) > end) continue;
    switch (event.type) {
      case 'PointsAwarded':
        move(event.data.paxId, event.data.amount);
        lotMonth.set(`${event.data.paxId}/${event.data.lotId}`, event.data.expirationDate.slice(0, 7));
        moveMonth(event.data.expirationDate.slice(0, 7), event.data.amount);
        break;
      case 'PointsRedeemed':
      case 'GiftCertificatesPurchased': {
        const d = event.data;
        move(d.paxId, -(event.type === 'PointsRedeemed' ? event.data.amount : event.data.pointsSpent));
        for (const c of d.consumed) moveMonth(lotMonth.get(`${d.paxId}/${c.lotId}`)!, -c.amount);
        break;
      }
      case 'PointsReversed': {
        // A void takes back every point the treatment earned: what lots still held, by their months; the rest is owed.
        const d = event.data;
        move(d.paxId, -d.amount);
        for (const c of d.consumed) moveMonth(lotMonth.get(`${d.paxId}/${c.lotId}`)!, -c.amount);
        break;
      }
      case 'PointsExpired':
        move(event.data.paxId, -event.data.amount);
        moveMonth(lotMonth.get(`${event.data.paxId}/${event.data.lotId}`)!, -event.data.amount);
        break;
      case 'CertificateIssued':
        if (!certificates.has(event.data.certificateId))
          certificates.set(event.data.certificateId, { category: event.data.displayCategory.toLowerCase(), status: event.data.status, used: false });
        break;
      case 'CertificateStatusChanged':
        certificates.get(event.data.certificateId)!.status = event.data.to;
        break;
      case 'CertificateRedeemedOnTreatment':
      case 'CertificateRedemptionReleased':
        certificates.get(event.data.certificateId)!.used = event.type === 'CertificateRedeemedOnTreatment';
        break;
      default:
        break;
    }
  }
  const byCategory = new Map<string, number>();
  for (const c of certificates.values()) if (c.status === 'ACTIVE' && !c.used) byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + 1);
  return {
    outstandingPoints: [...balances.values()].reduce((sum, b) => sum + b, 0),
    members: [...balances.values()].filter((b) => b > 0).length,
    byExpiryMonth: [...months.entries()]
      .filter(([, points]) => points !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, points]) => ({ month, points })),
    certificates: [...byCategory.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([category, count]) => ({ category, count })),
  };
}

/** Who earned, redeemed or spent points on which programme day, from the log. */
function activityDays(log: StoredEvent[]): { paxId: number; day: string }[] {
  const tz = s.runtime.deps.settings.timeZone;
  return log
    .filter((e) => e.type === 'PointsAwarded' || e.type === 'PointsRedeemed' || e.type === 'GiftCertificatesPurchased')
    .map((stored) => {
      const { event, metadata } = decodeEvent(stored.type, stored.data, stored.metadata) as { event: DomainEvent; metadata: { occurredAt: string } };
      return { paxId: (event.data as { paxId: number }).paxId, day: dateIn(tz, new Date(metadata.occurredAt)) };
    });
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Members active on one of the 90 programme days ending with `asOf`. */
const activeOn = (activity: { paxId: number; day: string }[], asOf: string) =>
  new Set(activity.filter((a) => a.day > addDays(asOf, -90) && a.day <= asOf).map((a) => a.paxId)).size;

const liability = async (asOf: string) => {
  const r = await s.call('GET', `/api/rest/admin/reports/liability?asOf=${asOf}`, { token: admin.token });
  expect(r.status).toBe(200);
  const { outstandingPoints, members, byExpiryMonth, certificates } = r.body as Expected & { certificates: { category: string; count: number }[] };
  return { outstandingPoints, members, byExpiryMonth, certificates: certificates.map(({ category, count }) => ({ category, count })) };
};

// Fixed days inside the generated history (it starts in January 2024 and runs about two years) and one after it.
const AS_OF = ['2024-02-15', '2024-06-30', '2024-11-03', '2025-03-31', '2025-09-30', '2029-12-31'];

describe('the liability as of a past day', () => {
  it('equals the sum of members’ balances as of that day on a generated history, by expiry month and certificate too, and again after a rebuild', async () => {
    expect(await seedDemoHistory(s.runtime.deps, () => undefined)).toBe(true);
    await appendHistory(s.runtime.deps.store, planHistory({ total: 3_000, members: 15, firstPaxId: 890_001, seed: 26 }), 4);
    await settled();
    // A certificate issued twice (the redeem route and the reconciler may both write it) counts once, in a later
    // batch too: the first issue of the history, written again.
    const firstIssue = (await wholeLog()).find((e) => e.type === 'CertificateIssued')!;
    await s.runtime.deps.store.appendToStream(
      firstIssue.streamName,
      [{ eventId: randomUUID(), type: firstIssue.type, data: firstIssue.data, metadata: firstIssue.metadata }],
      {
        expectedRevision: 'any',
      },
    );
    await settled();
    const log = await wholeLog();
    const seen: Record<string, Awaited<ReturnType<typeof liability>>> = {};
    for (const asOf of AS_OF) {
      const expected = expectedFromLog(log, asOf);
      // The history is large enough at each of these days for the comparison to prove something.
      expect(expected.outstandingPoints).toBeGreaterThan(0);
      seen[asOf] = await liability(asOf);
      expect({ asOf, ...seen[asOf] }).toEqual({ asOf, ...expected });
    }
    // Members active in the last 90 days, every fourth day across the history (windows opening, moving and closing).
    const activity = activityDays(log);
    for (let asOf = '2024-01-01'; asOf <= '2026-12-31'; asOf = addDays(asOf, 4)) {
      const summary = await s.call('GET', `/api/rest/admin/reports/summary?from=${asOf}&to=${asOf}`, { token: admin.token });
      expect({ asOf, active: summary.body.membersActive90Days }).toEqual({ asOf, active: activeOn(activity, asOf) });
    }
    // After the last event, the liability is also what the member-points read model holds as balances.
    const balances = await s.runtime.deps.pool.query<{ total: string }>('SELECT sum(balance) AS total FROM rm_member_points');
    expect(seen['2029-12-31'].outstandingPoints).toBe(Number(balances.rows[0].total));

    // Each month of the ladder drills down to lots that hold exactly its points (after the history, the ladder is the
    // lots as they stand now).
    for (const { month, points } of seen['2029-12-31'].byExpiryMonth) {
      const lots = await s.call('GET', `/api/rest/admin/reports/expiring-lots?month=${month}`, { token: admin.token });
      expect({ month, points: lots.body.points }).toEqual({ month, points });
      if (!lots.body.truncated) expect(lots.body.lots.reduce((sum: number, l: { points: number }) => sum + l.points, 0)).toBe(points);
    }

    // The flows of every month up to that last day net to the same outstanding points.
    const flow = await s.call('GET', '/api/rest/admin/reports/points-flow?from=2020-01-01&to=2029-12-31&interval=month', { token: admin.token });
    expect(flow.status).toBe(200);
    const items = flow.body.items as { earned: { total: number }; redeemed: number; spent: number; expired: number; forfeited: number; reversed: number }[];
    expect(items.reduce((sum, i) => sum + i.earned.total - i.redeemed - i.spent - i.expired - i.forfeited - i.reversed, 0)).toBe(
      seen['2029-12-31'].outstandingPoints,
    );

    await rebuildReadModels(s.runtime.deps.pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings), undefined, 250);
    for (const asOf of AS_OF) expect({ asOf, ...(await liability(asOf)) }).toEqual({ asOf, ...seen[asOf] });
  });
});
