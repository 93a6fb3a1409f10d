import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, seededProducts, type SeededProducts } from '../treatments/treatment-helpers';
import { wizardRecord } from './wizard-helpers';

/**
 * Issue 54, item 2: the promo builder now checks the record with the server's own rule before it asks anything; the
 * server still refuses what a client lets through, naming each field, and writes nothing.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

const post = (record: unknown) => s.call('POST', '/api/rest/wizard/promotions?finalize=true', { token: admin.token, body: record });
const tiers = (list: unknown[]) => ({ awardType: 'POINT', rules: [{ name: 'Units', metricIds: [products.treatment.id], tiers: list }] });

describe('the wizard, sent what the form would refuse', () => {
  it('refuses reversed dates and a minimum above the maximum in one answer', async () => {
    const r = await post(
      wizardRecord([products.treatment.id], daysAgo(-60), daysAgo(-5), {
        payoutAndRules: tiers([{ target: 10, award: 2, min: 50, max: 10 }]),
      }),
    );
    expect(r.status).toBe(400);
    expect([...r.body.errors].sort((a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path))).toEqual([
      { path: 'body.overview.thruDate', message: 'must not be before the start date' },
      { path: 'body.payoutAndRules.rules.0.tiers.0.max', message: 'must not be below the minimum' },
    ]);
  });

  it('refuses a negative target and a minimum above the maximum in one answer, in the words the form uses', async () => {
    const r = await post(
      wizardRecord([products.treatment.id], daysAgo(5), daysAgo(-20), {
        payoutAndRules: tiers([
          { target: -5, award: 2 },
          { target: 10, award: 2, min: 50, max: 10 },
        ]),
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'body.payoutAndRules.rules.0.tiers.0.target', message: 'must be a whole number above 0' },
      { path: 'body.payoutAndRules.rules.0.tiers.1.max', message: 'must not be below the minimum' },
    ]);
    for (const target of [1.5, 0]) {
      const one = await post(wizardRecord([products.treatment.id], daysAgo(5), daysAgo(-20), { payoutAndRules: tiers([{ target, award: 2 }]) }));
      expect(one.status).toBe(400);
      expect(one.body.errors[0].path).toBe('body.payoutAndRules.rules.0.tiers.0.target');
    }
  });
});
