import { randomUUID } from 'node:crypto';
import {
  CertificateIssued,
  certificateStream,
  CertificateTransferred,
  encodeEvent,
  GiftCertificatesPurchased,
  memberStream,
  OrderPlaced,
  PointsAwarded,
  type DomainEvent,
} from '../../../event-schemas';
import { dateIn, endOfMonth } from '../../../event-schemas/calendar';
import { rebuildReadModels } from '../../../projections/rebuild';
import { readModelNames } from '../../../projections/registry';
import { PROCESS_NAMES, registeredReadModels } from '../../../server/composition-root';
import { orderStream } from '../../../server/gift-certificates/issue-gift-order';
import { DEMO } from '../../../server/seed/demo';
import { seedDemoHistory } from '../../../server/seed/demo-history';
import { appendHistory, planHistory } from '../../support/generated-history';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

jest.setTimeout(300_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer({ runProjections: true });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

/** Waits until every read model and process holds the whole log and nothing more was appended meanwhile. */
const settled = async () => {
  const appended = async () => {
    const r = await s.runtime.deps.pool.query<{ major: string; minor: string; count: string }>(
      `SELECT transaction_id::text AS major, global_position AS minor, (SELECT count(*) FROM es_events) AS count FROM es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return { head: { major: BigInt(r.rows[0].major), minor: BigInt(r.rows[0].minor) }, count: Number(r.rows[0].count) };
  };
  for (;;) {
    const before = await appended();
    if (!(await s.runtime.deps.progress.waitFor(before.head, 60_000, [...readModelNames, ...PROCESS_NAMES]))) throw new Error('the log did not settle');
    if ((await appended()).count === before.count) return;
  }
};

const get = async (path: string) => {
  const r = await s.call('GET', path, { token: admin.token });
  expect({ path, status: r.status }).toEqual({ path, status: 200 });
  return r.body;
};

/** Every page of a drill-down: its rows, and the totals each page stated (the same on every page). */
async function allPages<T>(path: string): Promise<{ items: T[]; totals: unknown[] }> {
  const items: T[] = [];
  const totals: unknown[] = [];
  for (let page = 0; ; page++) {
    const body = await get(`${path}&page=${page}&size=100`);
    items.push(...(body.items as T[]));
    totals.push(body.totalElements);
    if (body.items.length < 100) return { items, totals };
  }
}

const SOURCES = ['TREATMENT', 'PARTNER', 'ADMIN', 'BONUS', 'PROMOTION', 'SURVEY', 'REFERRAL'] as const;
type Flow = {
  period: string;
  earned: { total: number; bySource: Record<string, number> };
  redeemed: number;
  spent: number;
  expired: number;
  forfeited: number;
};

/** Each figure of a period and the drill-down query that lists its events. */
const figuresOf = (f: Flow): [string, number][] => [
  ['measure=earned', f.earned.total],
  ...SOURCES.map((source): [string, number] => [`measure=earned&source=${source}`, f.earned.bySource[source]]),
  ['measure=redeemed', f.redeemed],
  ['measure=spent', f.spent],
  ['measure=expired', f.expired],
  ['measure=forfeited', f.forfeited],
];

/**
 * Every figure of every period (months from `from` to `to`, and the days of `dayMonth`) against its drill-down: the
 * stated totals and the rows of all its pages each add up to the figure. Answers how many rows were checked.
 */
async function flowsReconcile(from: string, to: string, dayMonth: string): Promise<number> {
  let rows = 0;
  const check = async (periodFrom: string, periodTo: string, figures: [string, number][]) => {
    for (const [measure, figure] of figures) {
      const path = `/api/rest/admin/reports/points-flow/entries?${measure}&from=${periodFrom}&to=${periodTo}`;
      const first = await get(`${path}&size=1`);
      expect({ path, totalPoints: first.totalPoints }).toEqual({ path, totalPoints: figure });
      if (figure === 0) {
        expect({ path, totalElements: first.totalElements }).toEqual({ path, totalElements: 0 });
        continue;
      }
      const { items, totals } = await allPages<{ points: number; day: string; position: string; name: string | null }>(path);
      expect({ path, sum: items.reduce((sum, i) => sum + i.points, 0), count: items.length }).toEqual({ path, sum: figure, count: first.totalElements });
      expect(new Set(totals)).toEqual(new Set([first.totalElements]));
      // Every row is a distinct event inside the period.
      expect(new Set(items.map((i) => i.position)).size).toBe(items.length);
      for (const i of items) expect(i.day >= periodFrom && i.day <= periodTo).toBe(true);
      rows += items.length;
    }
  };
  const months = (await get(`/api/rest/admin/reports/points-flow?from=${from}&to=${to}&interval=month`)).items as Flow[];
  for (const m of months) await check(`${m.period}-01`, endOfMonth(`${m.period}-01`) < to ? endOfMonth(`${m.period}-01`) : to, figuresOf(m));
  const days = (await get(`/api/rest/admin/reports/points-flow?from=${dayMonth}-01&to=${endOfMonth(`${dayMonth}-01`)}&interval=day`)).items as Flow[];
  for (const d of days) await check(d.period, d.period, figuresOf(d));
  return rows;
}

/** Every category of the liability as of each day against its outstanding certificates. Answers the certificates checked. */
async function certificatesReconcile(days: string[]): Promise<number> {
  let checked = 0;
  for (const asOf of days) {
    const liability = (await get(`/api/rest/admin/reports/liability?asOf=${asOf}`)) as { certificates: { category: string; count: number; value: number }[] };
    for (const { category, count, value } of liability.certificates) {
      const path = `/api/rest/admin/reports/certificates/outstanding?asOf=${asOf}&category=${encodeURIComponent(category)}`;
      const { items } = await allPages<{ certificateId: string; paxId: number; value: number }>(path);
      const cents = items.reduce((sum, c) => sum + Math.round(c.value * 100), 0);
      expect({ asOf, category, count: items.length, cents }).toEqual({ asOf, category, count, cents: Math.round(value * 100) });
      const first = await get(`${path}&size=1`);
      expect({ asOf, category, totalElements: first.totalElements, totalValue: first.totalValue }).toEqual({
        asOf,
        category,
        totalElements: count,
        totalValue: value,
      });
      // Each certificate once, with one member.
      expect(new Set(items.map((c) => c.certificateId)).size).toBe(items.length);
      checked += items.length;
    }
  }
  return checked;
}

const meta = (occurredAt: string) => ({ actor: { kind: 'system' as const, job: 'drill-down-test' }, correlationId: 'drill', causationId: 'drill', occurredAt });
const append = (stream: string, event: DomainEvent, occurredAt: string) =>
  s.runtime.deps.store.appendToStream(stream, [encodeEvent(randomUUID(), event, meta(occurredAt))], { expectedRevision: 'any' });

// Days inside the generated history (it starts in January 2024 and runs about two years), and one after it.
const AS_OF = ['2024-02-15', '2024-06-30', '2024-08-15', '2024-11-03', '2025-03-31', '2025-09-30', '2029-12-31'];

describe('the drill-downs behind the programme report', () => {
  it('list events summing to every points-flow figure and certificates summing to every certificate liability, and again after a rebuild', async () => {
    expect(await seedDemoHistory(s.runtime.deps, () => undefined)).toBe(true);
    await appendHistory(s.runtime.deps.store, planHistory({ total: 3_000, members: 15, firstPaxId: 880_001, seed: 265 }), 4);
    // What the generated history lacks: points spent on a gift (whose certificate is then given to another member) ...
    const buyer = 880_101;
    const gift = randomUUID();
    await append(
      memberStream(buyer),
      PointsAwarded.of({
        paxId: buyer,
        lotId: 'gift-lot',
        amount: 900,
        description: 'Bonus',
        source: 'BONUS',
        expirationDate: '2025-05-01',
        idempotencyKey: null,
      }),
      '2024-05-10T18:00:00.000Z',
    );
    // ... awards on either side of a programme day's turn (midnight in Los Angeles is 07:00 UTC in May) ...
    const lateAward = (lotId: string, amount: number, occurredAt: string) =>
      append(
        memberStream(buyer),
        PointsAwarded.of({ paxId: buyer, lotId, amount, description: 'Bonus', source: 'BONUS', expirationDate: '2025-05-01', idempotencyKey: null }),
        occurredAt,
      );
    await lateAward('last-of-may-9', 17, '2024-05-10T06:59:59.999Z');
    await lateAward('first-of-may-10', 19, '2024-05-10T07:00:00.000Z');
    const certificate = { certificateId: gift, code: 'GIFTDRILL', certificateCategoryCode: 'GIFT50', name: '$50 gift', amount: 50 };
    const purchase = { ...certificate, purchasePrice: 500, isGift: false, recipientName: null, senderName: null, giftMessage: null, recipientEmail: null };
    const orderId = randomUUID();
    const issued = CertificateIssued.of({
      ...certificate,
      paxId: buyer,
      pointsCost: 500,
      certificateCategoryType: 'PURCHASABLE',
      displayCategory: 'GIFT',
      status: 'ACTIVE',
      issuedAt: '2024-05-20T18:00:00.000Z',
      expirationDate: '2025-05-20',
    });
    // Issued and placed before the purchase is appended, so the certificate reconciler finds nothing missing to write.
    await append(certificateStream(gift), issued, '2024-05-20T18:00:00.000Z');
    await append(orderStream(orderId), OrderPlaced.of({ orderId, paxId: buyer, certificateIds: [gift], pointsSpent: 500 }), '2024-05-20T18:00:00.000Z');
    await append(
      memberStream(buyer),
      GiftCertificatesPurchased.of({
        paxId: buyer,
        orderId,
        clientOrderId: 'drill-order',
        pointsSpent: 500,
        consumed: [{ lotId: 'gift-lot', amount: 500 }],
        certificates: [purchase],
        expirationDate: '2025-05-20',
      }),
      '2024-05-20T18:00:00.000Z',
    );
    await append(certificateStream(gift), CertificateTransferred.of({ certificateId: gift, fromPaxId: buyer, toPaxId: buyer + 1 }), '2024-07-01T18:00:00.000Z');
    // ... a certificate issued twice (the redeem route and the reconciler may both write it), which counts once ...
    const firstIssue = (await s.runtime.deps.store.readAll('start', 5_000)).find((e) => e.type === 'CertificateIssued')!;
    await s.runtime.deps.store.appendToStream(
      firstIssue.streamName,
      [{ eventId: randomUUID(), type: firstIssue.type, data: firstIssue.data, metadata: firstIssue.metadata }],
      { expectedRevision: 'any' },
    );
    // ... and points forfeited by an erasure (today, by the server's clock).
    const erased = await quickMember(s);
    const award = await s.call('POST', `/api/rest/admin/participants/${erased.paxId}/points`, {
      token: admin.token,
      body: { amount: 340, description: 'Before erasure', idempotencyKey: randomUUID() },
    });
    expect(award.status).toBe(201);
    expect((await s.call('POST', `/api/rest/admin/participants/${erased.paxId}/erasure`, { token: admin.token, body: { reason: 'Ticket 26-5' } })).status).toBe(
      202,
    );
    await settled();

    const today = dateIn(s.runtime.deps.settings.timeZone, s.runtime.deps.now());
    const to = today > '2026-12-31' ? today : '2026-12-31';
    const days = [...AS_OF, today];
    const flowRows = await flowsReconcile('2024-01-01', to, '2024-05');
    const certificates = await certificatesReconcile(days);
    // The history is large enough for the comparison to prove something.
    expect(flowRows).toBeGreaterThan(2_000);
    expect(certificates).toBeGreaterThan(20);

    // Each award near the turn is under its own programme day, and a day's awards come in the order they were made.
    const earnedOn = async (day: string) =>
      (
        await allPages<{ paxId: number; points: number; day: string }>(
          `/api/rest/admin/reports/points-flow/entries?measure=earned&source=BONUS&from=${day}&to=${day}`,
        )
      ).items
        .filter((i) => i.paxId === buyer)
        .map((i) => [i.day, i.points]);
    expect([await earnedOn('2024-05-09'), await earnedOn('2024-05-10')]).toEqual([
      [['2024-05-09', 17]],
      [
        ['2024-05-10', 19],
        ['2024-05-10', 900],
      ],
    ]);
    // The gift's drill-downs: spent by its buyer; held by the buyer until the transfer's day, by the recipient after.
    const spent = await get('/api/rest/admin/reports/points-flow/entries?measure=spent&from=2024-05-20&to=2024-05-20');
    expect(spent.items).toContainEqual(expect.objectContaining({ paxId: buyer, points: 500, day: '2024-05-20', eventType: 'GiftCertificatesPurchased' }));
    const holder = async (asOf: string) =>
      (
        (await allPages<{ certificateId: string; paxId: number }>(`/api/rest/admin/reports/certificates/outstanding?asOf=${asOf}&category=gift`)).items.find(
          (c) => c.certificateId === gift,
        ) ?? { paxId: null }
      ).paxId;
    expect([await holder('2024-05-19'), await holder('2024-06-30'), await holder('2024-07-01')]).toEqual([null, buyer, buyer + 1]);
    // The erased member's forfeit, named as erasure leaves them (no name).
    const forfeited = await get(`/api/rest/admin/reports/points-flow/entries?measure=forfeited&from=${today}&to=${today}`);
    expect(forfeited.items).toContainEqual(expect.objectContaining({ paxId: erased.paxId, points: 340, name: null, eventType: 'PointsForfeited' }));

    await rebuildReadModels(s.runtime.deps.pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings), undefined, 250);
    expect(await flowsReconcile('2024-01-01', to, '2024-05')).toBe(flowRows);
    expect(await certificatesReconcile(days)).toBe(certificates);
  });
});
