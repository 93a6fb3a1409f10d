import { AMOUNT_BOUNDS, amountRule } from '../../../event-schemas/contract/amount-bounds';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, createCampaign } from '../campaigns/campaign-helpers';
import { wizardRecord } from '../promotions/wizard-helpers';
import { surveyBody } from '../surveys/survey-fixtures';
import { daysAgo, seededProducts, type SeededProducts } from '../treatments/treatment-helpers';

/** Issue 28, item 1: every money and points field an admin sets has its bound, refused as a 400 on the field, never a 500. */
jest.setTimeout(60_000);
let s: TestServer;
let admin: string;
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = (await s.login(DEMO.admin.email)).token;
  products = await seededProducts(s, admin);
});
afterAll(() => s.stop());

const productCount = async () => (await s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM products')).rows[0].n as number;
const product = (over: Record<string, unknown> = {}) => ({
  name: `Bounded ${Math.random()}`,
  category: 'TREATMENT',
  brand: 'BRAND_A',
  msrpPerUnit: 95,
  pointsPerUnit: 8,
  ...over,
});

describe('products', () => {
  it.each([
    ['msrpPerUnit', 9.2e18, 'productMsrpPerUnit'],
    ['msrpPerUnit', 1_000_000, 'productMsrpPerUnit'],
    ['pointsPerUnit', 5_000, 'productPointsPerUnit'],
    ['pointsPerUnit', 99_999_999, 'productPointsPerUnit'],
  ] as const)('refuses %s %d as a 400 on the field, writing nothing', async (field, value, bound) => {
    const before = await productCount();
    const r = await s.call('POST', '/api/rest/admin/products', { token: admin, body: product({ [field]: value }) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: `body.${field}`, message: amountRule(bound) }]);
    expect(await productCount()).toBe(before);
  });

  it('refuses an MSRP of 9.2e18 on an edit too', async () => {
    const r = await s.call('PUT', `/api/rest/admin/products/${products.treatment.id}`, { token: admin, body: product({ msrpPerUnit: 9.2e18 }) });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('body.msrpPerUnit');
  });

  it('accepts the bounds themselves', async () => {
    const r = await s.call('POST', '/api/rest/admin/products', {
      token: admin,
      body: product({ msrpPerUnit: AMOUNT_BOUNDS.productMsrpPerUnit.max, pointsPerUnit: AMOUNT_BOUNDS.productPointsPerUnit.max }),
    });
    expect(r.status).toBe(201);
  });

  it('answers 409 on the name for a second product with an existing name (ignoring case and spaces), writing nothing', async () => {
    const first = await s.call('POST', '/api/rest/admin/products', { token: admin, body: product({ name: 'Glow Serum' }) });
    expect(first.status).toBe(201);
    const before = await productCount();
    const again = await s.call('POST', '/api/rest/admin/products', { token: admin, body: product({ name: '  glow SERUM ' }) });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'body.name', message: 'is already the name of another product' }]);
    expect(await productCount()).toBe(before);
    // Renaming another product to it is refused the same way; keeping one's own name is not a clash.
    const rename = await s.call('PUT', `/api/rest/admin/products/${products.treatment.id}`, { token: admin, body: product({ name: 'Glow Serum' }) });
    expect(rename.status).toBe(409);
    const keep = await s.call('PUT', `/api/rest/admin/products/${first.body.id}`, { token: admin, body: product({ name: 'Glow Serum', pointsPerUnit: 9 }) });
    expect(keep.status).toBe(200);
  });
});

describe('promotions', () => {
  const record = (payoutAndRules: Record<string, unknown>) =>
    wizardRecord([products.treatment.id], daysAgo(5), daysAgo(-20), { payoutAndRules: { awardType: 'POINT', ...payoutAndRules } });
  it('refuses an award of 999,999,999,999 points a unit and a daily cap of 99,999,999,999,999, on their fields', async () => {
    const body = record({
      rewardDailyCap: 99_999_999_999_999,
      rules: [{ metricIds: [products.treatment.id], tiers: [{ target: 1, award: 999_999_999_999, payMethod: 'units', max: 10_000_000 }] }],
    });
    const r = await s.call('POST', '/api/rest/wizard/promotions?finalize=false', { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.payoutAndRules.rewardDailyCap', message: amountRule('promotionDailyCap') },
        { path: 'body.payoutAndRules.rules.0.tiers.0.award', message: amountRule('promotionAward') },
        { path: 'body.payoutAndRules.rules.0.tiers.0.max', message: amountRule('promotionTierLimit') },
      ]),
    );
  });
});

describe('campaigns and surveys', () => {
  it('refuses a $1,000,000 campaign offer on certificateAmount', async () => {
    const id = await createCampaign(s, admin, { campaignName: 'Bounded' });
    const r = await s.call('PUT', `/api/rest/dr-campaigns/${id}`, {
      token: admin,
      body: activeCampaign({ campaignName: 'Bounded', certificateAmount: 1_000_000 }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.certificateAmount', message: amountRule('campaignOfferAmount') }]);
  });

  it('refuses survey points above the bound on surveyPointsAmount', async () => {
    const r = await s.call('POST', '/api/rest/tests', { token: admin, body: surveyBody({ surveyPointsAmount: 50_000 }) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.surveyPointsAmount', message: amountRule('surveyPoints') }]);
  });
});

describe('the OpenAPI document', () => {
  it('states every bound', async () => {
    const doc = (await s.call('GET', '/api/rest/openapi.json')).body;
    const text = JSON.stringify(doc);
    const product = JSON.stringify(doc.paths['/api/rest/admin/products'].post);
    expect(product).toContain(`"maximum":${AMOUNT_BOUNDS.productMsrpPerUnit.max}`);
    expect(product).toContain(`"maximum":${AMOUNT_BOUNDS.productPointsPerUnit.max}`);
    for (const b of Object.values(AMOUNT_BOUNDS)) expect(text).toContain(`"maximum":${b.max}`);
  });
});

describe('the history of a product', () => {
  it('gets no empty entry from a save that changes nothing (issue 28, item 5)', async () => {
    const body = product({ name: `Unchanged ${Math.random()}` });
    const created = await s.call('POST', '/api/rest/admin/products', { token: admin, body });
    const id = created.body.id as number;
    expect((await s.call('PUT', `/api/rest/admin/products/${id}`, { token: admin, body })).status).toBe(200);
    const history = await s.call('GET', `/api/rest/admin/audit/products/${id}`, { token: admin });
    expect(history.body.map((e: { action: string }) => e.action)).toEqual(['create']);
    await s.call('PUT', `/api/rest/admin/products/${id}`, { token: admin, body: { ...body, pointsPerUnit: 9 } });
    const after = await s.call('GET', `/api/rest/admin/audit/products/${id}`, { token: admin });
    expect(after.body.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
  });
});
