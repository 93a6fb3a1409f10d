import { addDays, dateIn } from '../../../event-schemas/calendar';
import type { Statement } from '../../../event-schemas/contract/practices';
import { DEMO } from '../../../server/seed/demo';
import { seedDemoHistory } from '../../../server/seed/demo-history';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(120_000);
let s: TestServer;
let member: { token: string; paxId: number };
const progress: string[] = [];
interface PromotionResult {
  name: string;
  status: string;
  paid: { members: number; treatments: number; points: number; cost: number };
  forecast: { recorded: boolean; treatments: number; points: number; cost: number };
}
beforeAll(async () => {
  s = await startTestServer({ runProjections: true });
  expect(await seedDemoHistory(s.runtime.deps, (line) => progress.push(line))).toBe(true);
  member = await s.login(DEMO.member.email);
});
afterAll(() => s.stop());

const eventually = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  const until = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('the demo member’s year of history', () => {
  it('runs every step through the product’s routes, saying how far it got', () => {
    expect(progress.filter((l) => l.includes('skipped'))).toEqual([]);
    expect(progress.at(-1)).toMatch(/^demo history (\d+)\/\1: a survey, 1 days ago$/);
  });

  it('fills every screen: activity of every kind, points with a balance and pending, certificates in several statuses, a gift sent, bonus points, a survey', async () => {
    const activity = await eventually(
      async () =>
        (await s.call('GET', `/api/rest/patients/${member.paxId}/activity-headers?start-date=2000-01-01&end-date=2100-01-01&size=100`, { token: member.token }))
          .body.items as { activityType: string }[],
      (items) => items.some((i) => i.activityType === 'ASPIRE GIFT CERTIFICATES'),
    );
    const kinds = new Set(activity.map((i) => i.activityType));
    for (const kind of ['TREATMENT', 'TREATMENT PENDING', 'BONUS POINTS EARNED', 'POINTS REDEEMED', 'ASPIRE GIFT CERTIFICATES']) expect(kinds).toContain(kind);

    const points = (await s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: member.token })).body as { balance: number; pending: number };
    expect(points.balance).toBeGreaterThan(0);
    expect(points.pending).toBeGreaterThan(0);

    const certificates = (await s.call('GET', '/api/rest/participants/~/certificates?size=100', { token: member.token })).body.items as { status: string }[];
    expect(new Set(certificates.map((c) => c.status))).toEqual(new Set(['ACTIVE', 'EXPIRED']));
    const gifts = (await s.call('GET', `/api/rest/participants/${member.paxId}/gifts-sent`, { token: member.token })).body as unknown[];
    expect(gifts).toHaveLength(1);

    const bonus = (await s.call('GET', `/api/rest/participants/${member.paxId}/bonus-points`, { token: member.token })).body;
    expect(JSON.stringify(bonus)).toContain('Thank you for your review');
    const surveys = (await s.call('GET', `/api/rest/participants/${member.paxId}/tests?testResultStatusTypeCode=COMPLETE`, { token: member.token }))
      .body as unknown[];
    expect(surveys.length).toBeGreaterThan(0);

    // An expired lot: the ledger holds a PointsExpired.
    const stream = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    expect(stream.map((e) => e.type)).toContain('PointsExpired');
  });

  it('gives the promotion results something to set against: a past promotion published with its forecast, then ended', async () => {
    const admin = await s.login(DEMO.admin.email);
    const results = await eventually(
      async () => (await s.call('GET', '/api/rest/admin/reports/promotion-results', { token: admin.token })).body.items as PromotionResult[],
      (items) => items.some((p) => p.name === 'Summer Smooth' && p.status === 'ENDED'),
    );
    const summer = results.find((p) => p.name === 'Summer Smooth')!;
    expect(summer.status).toBe('ENDED');
    // Published 240 days ago for a window that was still ahead: the forecast replayed the 90 days before, which hold
    // the 20-unit treatment of 320 days ago (5 points a unit). The window itself held no treatment, so nothing was paid.
    expect(summer.forecast).toMatchObject({ recorded: true, treatments: 1, points: 100, cost: 10 });
    expect(summer.paid).toMatchObject({ members: 0, treatments: 0, points: 0, cost: 0 });
  });

  it('gives the demo practice a month of treatments: patients checked out with certificates, one voided, so its statement has lines', async () => {
    const month = addDays(dateIn(s.runtime.deps.settings.timeZone, new Date()), -15).slice(0, 7);
    const statement = await eventually(
      async () => (await s.call('GET', `/api/rest/practice/statements?month=${month}`, { headers: { 'x-api-key': DEMO.practiceKey } })).body as Statement,
      (st) => st.treatmentsVoided > 0,
    );
    expect(statement.treatmentsRecorded).toBeGreaterThan(0);
    expect(statement.treatmentsVoided).toBe(1);
    // The voided visit's certificate is netted in the month of its void, which is this one (it was voided the next day).
    expect(statement.items.filter((i) => i.voided)).toHaveLength(1);
    expect(statement.certificates.length).toBeGreaterThan(0);
    expect(statement.reimbursementTotal).toBeGreaterThan(0);
    const recent = await s.call('GET', '/api/rest/practice/treatments?size=50', { headers: { 'x-api-key': DEMO.practiceKey } });
    const statuses = new Set((recent.body.items as { status: string }[]).map((t) => t.status));
    for (const status of ['PROCESSED', 'PENDING', 'VOIDED']) expect(statuses).toContain(status);
  });

  // Issue 54, item 7: member search said "Enrolled 12/01/2026" (the day of seeding) while the history began 12/26/2025.
  it('enrols the member on the day their history begins: search’s Enrolled is their enrolment event’s, before every other event', async () => {
    const admin = await s.login(DEMO.admin.email);
    const found = await s.call('GET', `/api/rest/admin/participants?search=${encodeURIComponent(DEMO.member.email)}`, { token: admin.token });
    const row = (found.body.items as { paxId: number; enrolledAt: string }[]).find((m) => m.paxId === member.paxId)!;
    const enrolment = (await s.runtime.deps.store.readStream(`enrollment-${member.paxId}`)).find((e) => e.type === 'TermsAccepted');
    expect(enrolment).toBeDefined();
    expect(row.enrolledAt).toBe((enrolment!.data as { acceptedAt: string }).acceptedAt);
    const first = (await s.runtime.deps.store.readStream(`member-${member.paxId}`))[0];
    expect(Date.parse(row.enrolledAt)).toBeLessThanOrEqual(Date.parse((first.metadata as { occurredAt: string }).occurredAt));
  });

  it('is seeded once: a second run writes nothing', async () => {
    const before = (await s.runtime.deps.store.readStream(`member-${member.paxId}`)).length;
    expect(await seedDemoHistory(s.runtime.deps, () => undefined)).toBe(false);
    expect((await s.runtime.deps.store.readStream(`member-${member.paxId}`)).length).toBe(before);
  });
});
