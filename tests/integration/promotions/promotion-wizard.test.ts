import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, seededProducts, today, type SeededProducts } from '../treatments/treatment-helpers';
import { postWizardForm, wizardPromotion, wizardRecord } from './wizard-helpers';
import { committedHead } from '../../support/committed-head';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

const record = (over: Record<string, unknown> = {}) => wizardRecord([products.treatment.id], daysAgo(5), daysAgo(-20), over);
const streamTypes = async (id: string) => (await s.runtime.deps.store.readStream(`promotion-${id}`)).map((e) => e.type);

describe('POST /wizard/promotions', () => {
  it('takes the record as a multipart json part, applies the spec defaults and answers it with overview.id set', async () => {
    const r = await postWizardForm(s, admin.token, record(), false);
    expect(r.status).toBe(201);
    expect(r.body.overview).toEqual(
      expect.objectContaining({ id: expect.any(String), typeCode: 'FLAT_PAYOUT', statusTypeCode: 'NEW', promotionCategory: 'PROMOTION', fromDate: daysAgo(5) }),
    );
    expect(r.body.payoutAndRules).toEqual(expect.objectContaining({ programActivityId: 1362, retro: false, awardType: 'POINT' }));
    expect(r.body.payoutAndRules.rules[0].tiers[0]).toEqual(expect.objectContaining({ award: 2, compareOp: 'gteq', payMethod: 'units', target: 10 }));
    expect(await streamTypes(r.body.overview.id)).toEqual(['PromotionCreated']);
  });

  it('publishes with finalize=true in the same append, and starts as DRAFT when the overview says so', async () => {
    const published = await wizardPromotion(s, admin.token, record(), true);
    expect(await streamTypes(published.overview.id)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
    const draft = await wizardPromotion(s, admin.token, record({ overview: { ...record().overview, statusTypeCode: 'DRAFT' } }), false);
    const section = await s.call('GET', `/api/rest/wizard/promotions/${draft.overview.id}/overview`, { token: admin.token });
    expect(section.body.statusTypeCode).toBe('DRAFT');
  });

  it('answers a retried save (same overview.id) with the promotion it made, once', async () => {
    const body = record({ overview: { ...record().overview, id: '6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e' } });
    expect((await s.call('POST', '/api/rest/wizard/promotions?finalize=false', { token: admin.token, body })).status).toBe(201);
    const again = await s.call('POST', '/api/rest/wizard/promotions?finalize=false', { token: admin.token, body });
    expect(again.status).toBe(200);
    expect(await streamTypes('6a0f3b52-9a1c-4a52-8d6e-1f2a3b4c5d6e')).toEqual(['PromotionCreated']);
  });

  it('refuses bad records with 400 naming each field, writing nothing', async () => {
    // The newest committed event, not the newest readable one: a commit made visible late must count as before.
    const before = (await committedHead(s.runtime.deps.pool)) ?? 'start';
    const bad = record({
      overview: { name: 'x', promotionCode: 'bad code!', fromDate: today(), thruDate: today() },
      payoutAndRules: { awardType: 'POINT', rules: [{ metricIds: [987654], tiers: [{ target: 3 }] }] },
    });
    const r = await s.call('POST', '/api/rest/wizard/promotions?finalize=true', { token: admin.token, body: bad });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'body.overview.promotionCode' })]);
    const unknownProduct = await s.call('POST', '/api/rest/wizard/promotions?finalize=true', {
      token: admin.token,
      body: record({ payoutAndRules: { rules: [{ metricIds: [987654], tiers: [{ target: 3 }] }] } }),
    });
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.errors).toEqual([
      { path: 'body.payoutAndRules.rules.0.metricIds.0', message: 'is not a product that earns (unknown or retired)' },
    ]);
    const noJsonPart = await fetch(`${s.url}/api/rest/wizard/promotions?finalize=false`, {
      method: 'POST',
      headers: { 'auth-token': admin.token },
      body: new FormData(),
    });
    expect(noJsonPart.status).toBe(400);
    expect((await noJsonPart.json()).errors[0].path).toBe('body.json');
    // Nothing written for a promotion (other processes of the server may append meanwhile: only promotion streams count).
    const since = await s.runtime.deps.store.readAll(before, 1000);
    expect(since.filter((e) => e.streamName.startsWith('promotion-'))).toEqual([]);
  });

  it('is for admins only', async () => {
    const member = await s.enroll();
    expect((await s.call('POST', '/api/rest/wizard/promotions?finalize=false', { token: member.token, body: record() })).status).toBe(403);
    expect((await s.call('POST', '/api/rest/wizard/promotions?finalize=false', { body: record() })).status).toBe(401);
  });
});

describe('PUT /wizard/promotions/{id} and the sections', () => {
  it('changes a NEW or DRAFT promotion section by section; each change is an audited PromotionRevised', async () => {
    const { overview } = await wizardPromotion(s, admin.token, record(), false);
    const second = await s.login(DEMO.admin.email);
    const put = await s.call('PUT', `/api/rest/wizard/promotions/${overview.id}?finalize=false`, {
      token: second.token,
      body: {
        payoutAndRules: {
          rewardDailyCap: 300,
          rules: [{ name: 'Filler', metricIds: [products.bigTreatment.id], tiers: [{ target: 1, award: 50, payMethod: 'flat' }] }],
        },
      },
    });
    expect(put.status).toBe(200);
    const payout = await s.call('GET', `/api/rest/wizard/promotions/${overview.id}/payoutAndRules`, { token: admin.token });
    expect(payout.body).toEqual(
      expect.objectContaining({ rewardDailyCap: 300, rules: [expect.objectContaining({ name: 'Filler', metricIds: [products.bigTreatment.id] })] }),
    );
    // The overview is unchanged by a PUT that does not carry it.
    expect((await s.call('GET', `/api/rest/wizard/promotions/${overview.id}/overview`, { token: admin.token })).body.name).toBe('Spring Sparkle');
    // Nothing changed: nothing written.
    await s.call('PUT', `/api/rest/wizard/promotions/${overview.id}?finalize=false`, { token: admin.token, body: { overview: { name: 'Spring Sparkle' } } });
    const audit = await s.call('GET', `/api/rest/admin/audit/promotions/${overview.id}`, { token: admin.token });
    expect(audit.body.map((e: { type: string }) => e.type)).toEqual(['PromotionCreated', 'PromotionRevised']);
    expect(audit.body[1]).toMatchObject({
      actor: { kind: 'admin', adminId: second.paxId },
      data: { sections: ['payoutAndRules'], changes: { payoutAndRules: { rewardDailyCap: 300 } } },
    });
    const published = await s.call('PUT', `/api/rest/wizard/promotions/${overview.id}?finalize=true`, { token: admin.token, body: {} });
    expect(published.body.overview.statusTypeCode).toBe('ACTIVE');
  });

  it('does not rewrite a published promotion (409), and answers 404 for an unknown one and 400 for an unknown section', async () => {
    const { overview } = await wizardPromotion(s, admin.token, record(), true);
    const r = await s.call('PUT', `/api/rest/wizard/promotions/${overview.id}?finalize=false`, { token: admin.token, body: { overview: { name: 'Changed' } } });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('A promotion that is ACTIVE cannot be edited: revert it to draft first, or copy it');
    expect(await streamTypes(overview.id)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
    expect((await s.call('PUT', '/api/rest/wizard/promotions/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b', { token: admin.token, body: {} })).status).toBe(404);
    expect((await s.call('GET', `/api/rest/wizard/promotions/${overview.id}/budget`, { token: admin.token })).status).toBe(400);
    const website = await s.call('GET', `/api/rest/wizard/promotions/${overview.id}/website`, { token: admin.token });
    expect(website.body).toEqual({
      tile: { title: 'Spring Sparkle', contentfulId: null },
      webPages: { OVERVIEW: { contentValue: null, active: false }, RULES: { contentValue: null, active: false }, FAQ: { contentValue: null, active: false } },
      isCopy: false,
    });
  });
});
