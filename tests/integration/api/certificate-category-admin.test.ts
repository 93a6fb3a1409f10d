import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { award } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from './fixtures';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
  member = await quickMember(s);
});
afterAll(() => s.stop());

type Entry = { certificateCategoryCode: string; certificateCategoryName: string; variants: { amount: number; purchasePrice: number }[] };
const catalogue = async (): Promise<Entry[]> => (await s.call('GET', '/api/rest/certificate-categories/list', { token: member.token })).body;
const inCatalogue = async (code: string) => (await catalogue()).find((c) => c.certificateCategoryCode === code);
const audit = async (code: string) =>
  (await s.call('GET', `/api/rest/admin/audit/certificate-categories/${code}`, { token: admin.token })).body as {
    action: string;
    before: unknown;
    after: unknown;
  }[];
const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
const create = (body: unknown, token = admin.token) => s.call('POST', '/api/rest/certificate-categories', { token, body });
const change = (body: unknown, token = admin.token) => s.call('PUT', '/api/rest/certificate-categories', { token, body });

const spa = (code: string) => ({
  certificateCategoryCode: code,
  certificateCategoryName: 'Spa Day Gift',
  certificateCategoryDesc: 'Toward a day of treatments.',
  termsAndConditions: 'Valid for a year.',
  certificateCategoryType: 'PURCHASABLE',
  defaultExpirationLengthDays: 180,
  cardArtId: 'card-art-default',
  variants: [
    { amount: 40, purchaseAmount: 380 },
    { amount: 75.5, purchaseAmount: 700, redemptionCriteria: { logicalOperatorCode: 'AND', comparisonExpressions: [], logicalExpressions: [] } },
  ],
  startDate: '2026-01-01', // on sale from this day (the test's today is later)
});

describe('when an admin creates a purchasable category with variants', () => {
  it('answers the record, lists it in the gift shop priced in points, and audits the creation', async () => {
    const r = await create(spa('SPA_DAY'));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      certificateCategoryCode: 'SPA_DAY',
      certificateCategoryName: 'Spa Day Gift',
      certificateCategoryDesc: 'Toward a day of treatments.',
      termsAndConditions: 'Valid for a year.',
      certificateCategoryType: 'PURCHASABLE',
      nullifyAwards: false,
      displayStatusTypeCode: 'ACTIVE',
      defaultExpirationLengthDays: 180,
      cardArtId: 'card-art-default',
      // Issue 13: the record carries the spec's maxPurchaseQuantity (null: no limit beyond the cart's 5).
      maxPurchaseQuantity: null,
      purchaseAmount: 380,
      // An empty expression tests nothing: the variant is offered to every member (null).
      variants: [
        { amount: 40, purchaseAmount: 380, redemptionCriteria: null },
        { amount: 75.5, purchaseAmount: 700, redemptionCriteria: null },
      ],
      // Every other field of the spec's record, with its default where the body sent none.
      id: expect.any(Number),
      startDate: '2026-01-01',
      endDate: null,
      groupId: null,
      transferable: true,
      quantityInOneTreatment: null,
      daysToRestrictRedemption: 0,
      showActivationDate: false,
      isPromo: false,
      promoType: null,
      promoName: null,
      displayCategory: null,
      totalUseable: null,
      associatedCategoryCodeIds: [],
      certificateType: null,
      eligibleUserType: null,
      quantityPerTreatmentCertificateType: null,
      quantityPerBrandFlag: false,
      restylaneQuantityInOneTreatment: 0,
      dysportQuantityInOneTreatment: 0,
      sculptraQuantityInOneTreatment: 0,
    });
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/SPA_DAY', { token: admin.token })).body).toEqual(r.body);
    expect((await s.call('GET', `/api/rest/certificate-categories/${r.body.id}`, { token: admin.token })).body).toEqual(r.body);
    expect(await inCatalogue('SPA_DAY')).toMatchObject({
      certificateCategoryName: 'Spa Day Gift',
      certificateCategoryDesc: 'Toward a day of treatments.',
      defaultExpirationLengthDays: 180,
      variants: [
        { amount: 40, purchasePrice: 380 },
        { amount: 75.5, purchasePrice: 700 },
      ],
    });
    const entries = await audit('SPA_DAY');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', actor: { kind: 'admin', adminId: admin.paxId }, before: null, after: r.body });
  });

  it('sells its variants at the configured price', async () => {
    expect((await create(spa('SPA_SALE'))).status).toBe(201);
    const buyer = await quickMember(s);
    await award(s, admin.token, buyer.paxId, 1000);
    const order = await s.call('POST', `/api/rest/participants/${buyer.paxId}/gift-certificates/orders`, {
      token: buyer.token,
      body: { clientOrderId: randomUUID(), items: [{ certificateCategoryCode: 'SPA_SALE', amount: 75.5, quantity: 1, isGift: false }] },
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ pointsSpent: 700, balance: 300 });
  });
});

describe('when an admin edits a category', () => {
  it('replaces the fields sent and the variant list, reflected in the gift shop and audited before and after', async () => {
    expect((await create(spa('SPA_EDIT'))).status).toBe(201);
    const variants = [
      { amount: 100, purchaseAmount: 900 },
      { amount: 40, purchaseAmount: 400 },
      { amount: 20, purchaseAmount: 200 },
    ];
    const r = await change({ certificateCategoryCode: 'SPA_EDIT', certificateCategoryName: '  Spa Week Gift ', variants, nullifyAwards: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      certificateCategoryName: 'Spa Week Gift',
      nullifyAwards: true,
      termsAndConditions: 'Valid for a year.',
      purchaseAmount: 900,
      variants,
    });
    expect(await inCatalogue('SPA_EDIT')).toMatchObject({
      certificateCategoryName: 'Spa Week Gift',
      variants: [
        { amount: 100, purchasePrice: 900 },
        { amount: 40, purchasePrice: 400 },
        { amount: 20, purchasePrice: 200 },
      ],
    });
    const entries = await audit('SPA_EDIT');
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      before: { certificateCategoryName: 'Spa Day Gift', variants: spa('x').variants.map(({ amount, purchaseAmount }) => ({ amount, purchaseAmount })) },
      after: r.body,
    });

    const inactive = await change({ certificateCategoryCode: 'SPA_EDIT', displayStatusTypeCode: 'INACTIVE' });
    expect(inactive.body.displayStatusTypeCode).toBe('INACTIVE');
    expect(await inCatalogue('SPA_EDIT')).toBeUndefined();
    // Not purchasable any more: the variants go with the type, and the shop no longer offers it.
    const plain = await change({ certificateCategoryCode: 'SPA_EDIT', displayStatusTypeCode: 'ACTIVE', certificateCategoryType: null, variants: [] });
    expect(plain.body).toMatchObject({ certificateCategoryType: null, variants: [], purchaseAmount: null });
    expect(await inCatalogue('SPA_EDIT')).toBeUndefined();
    const lookup = await s.call('GET', '/api/rest/certificate-categories/code/SPA_EDIT', { token: member.token });
    expect(lookup.body).toEqual({
      certificateCategoryCode: 'SPA_EDIT',
      certificateCategoryName: 'Spa Week Gift',
      nullifyAwards: true,
      certificateCategoryType: null,
    });
  });

  it('answers 404 for an unknown code', async () => {
    const r = await change({ certificateCategoryCode: 'NO_SUCH_CATEGORY', certificateCategoryName: 'x' });
    expect(r.status).toBe(404);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/NO_SUCH_CATEGORY', { token: admin.token })).status).toBe(404);
  });
});

describe('when the fields are invalid', () => {
  it('names each field and writes nothing on create', async () => {
    const bad = {
      ...spa('SPA_BAD'),
      certificateCategoryName: ' ',
      defaultExpirationLengthDays: 0,
      variants: [
        { amount: 40, purchaseAmount: 380 },
        { amount: 10.001, purchaseAmount: 0 },
      ],
    };
    const r = await create(bad);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(fieldsOf(r.body)).toEqual(
      expect.arrayContaining(['body.certificateCategoryName', 'body.defaultExpirationLengthDays', 'body.variants.1.amount', 'body.variants.1.purchaseAmount']),
    );
    expect(fieldsOf((await create({ ...spa('SPA_BAD'), variants: [] })).body)).toEqual(['body.variants']);
    expect(fieldsOf((await create({ ...spa('SPA_BAD'), certificateCategoryType: null })).body)).toEqual(['body.variants']);
    expect(fieldsOf((await create({ ...spa('SPA_BAD'), cardArtId: 'no-such-art' })).body)).toEqual(['body.cardArtId']);
    expect(fieldsOf((await create({ ...spa('bad code!') })).body)).toEqual(['body.certificateCategoryCode']);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/SPA_BAD', { token: admin.token })).status).toBe(404);
    expect(await audit('SPA_BAD')).toEqual([]);
    expect(await inCatalogue('SPA_BAD')).toBeUndefined();
  });

  it('names each field and writes nothing on edit', async () => {
    expect((await create(spa('SPA_KEEP'))).status).toBe(201);
    const before = await s.call('GET', '/api/rest/admin/certificate-categories/SPA_KEEP', { token: admin.token });
    const dup = await change({
      certificateCategoryCode: 'SPA_KEEP',
      certificateCategoryName: 'Changed',
      variants: [
        { amount: 40, purchaseAmount: 380 },
        { amount: 40, purchaseAmount: 390 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(fieldsOf(dup.body)).toEqual(['body.variants.1.amount']);
    const price = await change({
      certificateCategoryCode: 'SPA_KEEP',
      variants: [
        { amount: 40, purchaseAmount: 380 },
        { amount: 50, purchaseAmount: 1.5 },
      ],
    });
    expect(fieldsOf(price.body)).toEqual(['body.variants.1.purchaseAmount']);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/SPA_KEEP', { token: admin.token })).body).toEqual(before.body);
    expect((await audit('SPA_KEEP')).map((e) => e.action)).toEqual(['create']);
  });
});

describe('when the code is taken', () => {
  it('answers 409 for the same code or one differing only by case, and changes nothing', async () => {
    expect((await create(spa('SPA_TWIN'))).status).toBe(201);
    const same = await create({ ...spa('SPA_TWIN'), certificateCategoryName: 'Other' });
    expect(same.status).toBe(409);
    expect(fieldsOf(same.body)).toEqual(['body.certificateCategoryCode']);
    expect((await create(spa('spa_twin'))).status).toBe(409);
    expect((await create(spa('ASPIRE_GIFT'))).status).toBe(409);
    expect((await inCatalogue('SPA_TWIN'))?.certificateCategoryName).toBe('Spa Day Gift');
    expect((await inCatalogue('ASPIRE_GIFT'))?.variants).toHaveLength(3);
  });
});

describe('when the caller is not an admin', () => {
  it('refuses members (403) and anonymous callers (401) on every admin call', async () => {
    expect((await create(spa('SPA_MEMBER'), member.token)).status).toBe(403);
    expect((await change({ certificateCategoryCode: 'ASPIRE_GIFT', certificateCategoryName: 'Mine' }, member.token)).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories', { token: member.token })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/ASPIRE_GIFT', { token: member.token })).status).toBe(403);
    expect((await s.call('POST', '/api/rest/certificate-categories', { body: spa('SPA_ANON') })).status).toBe(401);
    expect((await s.call('GET', '/api/rest/admin/certificate-categories/SPA_MEMBER', { token: admin.token })).status).toBe(404);
  });
});

describe('GET /api/rest/admin/certificate-categories', () => {
  it('lists every category with its fields, purchasable or not', async () => {
    const r = await s.call('GET', '/api/rest/admin/certificate-categories', { token: admin.token });
    expect(r.status).toBe(200);
    const byCode = new Map((r.body as { certificateCategoryCode: string }[]).map((c) => [c.certificateCategoryCode, c]));
    expect(byCode.get('courtesy')).toMatchObject({ nullifyAwards: true, certificateCategoryType: null, variants: [] });
    expect(byCode.get('ASPIRE_GIFT')).toMatchObject({ certificateCategoryType: 'PURCHASABLE', purchaseAmount: 250, displayStatusTypeCode: 'ACTIVE' });
  });
});

describe('GET /api/rest/admin/products/options', () => {
  it('answers the brands and categories a product may have, to admins only', async () => {
    const r = await s.call('GET', '/api/rest/admin/products/options', { token: admin.token });
    expect(r.body.brands.map((b: { code: string }) => b.code)).toEqual(['BRAND_A', 'BRAND_B']);
    expect(r.body.categories.map((c: { code: string }) => c.code)).toEqual(['TREATMENT', 'PARTNER']);
    expect((await s.call('GET', '/api/rest/admin/products/options', { token: member.token })).status).toBe(403);
  });
});
