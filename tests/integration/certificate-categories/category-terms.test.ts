import { randomUUID } from 'node:crypto';
import { memberStream } from '../../../event-schemas';
import { quickMember } from '../api/fixtures';
import { award, readAfter } from '../ledger/ledger-helpers';
import { lineItem, postTreatment, seededProducts, today, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';
import { addDays } from '../../../server/points/dates';
import { startTestServer, type TestServer } from '../../support/test-server';

// Issue 13 items 1 and 2: the certificate category's terms and its variants' redemption criteria decide who is
// offered a category, what an order may hold and what a treatment may redeem; every refusal writes nothing.
jest.setTimeout(90_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

type Member = { token: string; paxId: number };
const call = (method: string, path: string, body?: unknown, token = admin.token) => s.call(method, `/api/rest${path}`, { token, body });
const create = (code: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/certificate-categories', {
    certificateCategoryCode: code,
    certificateCategoryName: `Gift ${code}`,
    certificateCategoryType: 'PURCHASABLE',
    variants: [
      { amount: 25, purchaseAmount: 250 },
      { amount: 100, purchaseAmount: 1000 },
    ],
    ...extra,
  });
const shop = async (m: Member) =>
  (await call('GET', '/certificate-categories/list', undefined, m.token)).body as { certificateCategoryCode: string; variants: { amount: number }[] }[];
const offered = async (m: Member, code: string) => (await shop(m)).find((c) => c.certificateCategoryCode === code);
const order = (m: Member, code: string, amount: number, extra: Record<string, unknown> = {}) =>
  call(
    'POST',
    `/participants/${m.paxId}/gift-certificates/orders`,
    { items: [{ certificateCategoryCode: code, amount, quantity: 1, isGift: false, ...extra }], clientOrderId: randomUUID() },
    m.token,
  );
const memberEvents = async (m: Member) => (await s.runtime.deps.store.readStream(memberStream(m.paxId))).length;
const richMember = async (points = 3000) => {
  const m = await quickMember(s);
  const position = await award(s, admin.token, m.paxId, points);
  // Criteria read the points read model: wait until it holds the award.
  await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, position);
  return m;
};
const setPostalCode = (m: Member, postalCode: string) =>
  s.runtime.deps.pool.query('UPDATE participants SET postal_code = $2 WHERE pax_id = $1', [m.paxId, postalCode]);
const lifetimeAtLeast = (n: number) => ({
  logicalOperatorCode: 'AND',
  comparisonExpressions: [{ fieldCode: 'lifetimePoints', comparisonOperatorCode: 'GTE', values: [n] }],
  logicalExpressions: [],
});

describe('the admin calls of the spec', () => {
  it('lists the redemption policy fields with their type and operators', async () => {
    const r = await call('GET', '/certificate-categories/redemption-policy-fields');
    expect(r.status).toBe(200);
    expect(r.body).toContainEqual({
      fieldCode: 'lifetimePoints',
      name: 'Points earned in the programme',
      type: 'number',
      operators: expect.arrayContaining(['GTE', 'BETWEEN']),
    });
    expect(r.body).toContainEqual(expect.objectContaining({ fieldCode: 'postalCode', type: 'text', operators: expect.arrayContaining(['IN', 'STARTS_WITH']) }));
  });

  it('reads a category by its numeric id (404 unknown, 400 not a number) while /list stays the gift shop with ids', async () => {
    const created = await create('TERMS_BYID');
    expect(created.status).toBe(201);
    const byId = await call('GET', `/certificate-categories/${created.body.id as number}`);
    expect(byId.body).toEqual(created.body);
    expect((await call('GET', '/certificate-categories/999999')).status).toBe(404);
    const bad = await call('GET', '/certificate-categories/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'path.id', message: 'must be a certificate category id (a whole number above 0)' }]);
    const member = await quickMember(s);
    expect(await offered(member, 'TERMS_BYID')).toMatchObject({ id: created.body.id, transferable: true });
  });

  it('refuses bad terms naming the field, and writes nothing', async () => {
    const code = 'TERMS_BAD';
    expect((await create(code)).status).toBe(201);
    const before = (await call('GET', `/admin/audit/certificate-categories/${code}`)).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-12-10', endDate: '2026-12-01' }, 'body.endDate'],
      [{ groupId: 987654 }, 'body.groupId'],
      [{ quantityInOneTreatment: 0 }, 'body.quantityInOneTreatment'],
      [{ isPromo: true, promoName: null }, 'body.promoName'],
      [{ associatedCategoryCodeIds: ['NO_SUCH_CATEGORY'] }, 'body.associatedCategoryCodeIds.0'],
      [
        {
          variants: [
            {
              amount: 25,
              purchaseAmount: 250,
              redemptionCriteria: { ...lifetimeAtLeast(1), comparisonExpressions: [{ fieldCode: 'shoeSize', comparisonOperatorCode: 'EQ', values: [9] }] },
            },
          ],
        },
        'body.variants.0.redemptionCriteria.comparisonExpressions.0.fieldCode',
      ],
    ];
    for (const [change, field] of cases) {
      const r = await call('PUT', '/certificate-categories', { certificateCategoryCode: code, ...change });
      expect([r.status, (r.body.errors as { path: string }[]).map((e) => e.path)]).toEqual([400, [field]]);
    }
    expect((await call('GET', `/admin/audit/certificate-categories/${code}`)).body).toHaveLength(before);
  });
});

describe('what the shop offers and sells', () => {
  it('offers a category only inside its dates, and refuses an order outside them naming the line', async () => {
    const tomorrow = addDays(today(), 1);
    expect((await create('TERMS_SOON', { startDate: tomorrow })).status).toBe(201);
    const m = await richMember();
    expect(await offered(m, 'TERMS_SOON')).toBeUndefined();
    const events = await memberEvents(m);
    const r = await order(m, 'TERMS_SOON', 25);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'body.items.0.certificateCategoryCode', message: expect.stringContaining('is not on sale today: it is on sale from') },
    ]);
    expect(await memberEvents(m)).toBe(events);
    await call('PUT', '/certificate-categories', { certificateCategoryCode: 'TERMS_SOON', startDate: today(), endDate: today() });
    expect(await offered(m, 'TERMS_SOON')).toBeDefined();
    expect((await order(m, 'TERMS_SOON', 25)).status).toBe(201);
  });

  it("offers a category with a group only to the group's members: another member's order is 403 not-eligible", async () => {
    const group = await call('POST', '/participants/search', {
      name: `Irvine ${randomUUID()}`,
      logicalExpression: {
        logicalOperatorCode: 'AND',
        comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: ['92618'] }],
        logicalExpressions: [],
      },
    });
    expect(group.status).toBeLessThan(300);
    expect((await create('TERMS_GROUP', { groupId: group.body.id })).status).toBe(201);
    const inside = await richMember();
    await setPostalCode(inside, '92618');
    const outside = await richMember();
    expect(await offered(inside, 'TERMS_GROUP')).toBeDefined();
    expect(await offered(outside, 'TERMS_GROUP')).toBeUndefined();
    const events = await memberEvents(outside);
    const refused = await order(outside, 'TERMS_GROUP', 25);
    expect(refused.status).toBe(403);
    expect(refused.body.type).toMatch(/not-eligible$/);
    expect(refused.body.errors).toEqual([
      { path: 'body.items.0.certificateCategoryCode', message: 'Gift TERMS_GROUP is offered only to the members of its group' },
    ]);
    expect(await memberEvents(outside)).toBe(events);
    expect((await order(inside, 'TERMS_GROUP', 25)).status).toBe(201);
  });

  it('offers a variant only to members its criteria admit; buying it otherwise is 403 not-eligible naming the amount', async () => {
    const created = await create('TERMS_VIP', {
      variants: [
        { amount: 25, purchaseAmount: 250 },
        { amount: 100, purchaseAmount: 1000, redemptionCriteria: lifetimeAtLeast(5000) },
      ],
    });
    expect(created.body.variants[1].redemptionCriteria).toEqual(lifetimeAtLeast(5000));
    const plain = await richMember(3000);
    const vip = await richMember(6000);
    expect((await offered(plain, 'TERMS_VIP'))?.variants.map((v) => v.amount)).toEqual([25]);
    expect((await offered(vip, 'TERMS_VIP'))?.variants.map((v) => v.amount)).toEqual([25, 100]);
    const events = await memberEvents(plain);
    const refused = await order(plain, 'TERMS_VIP', 100);
    expect(refused.status).toBe(403);
    expect(refused.body.type).toMatch(/not-eligible$/);
    expect(refused.body.errors).toEqual([
      { path: 'body.items.0.amount', message: "the member does not meet the $100 Gift TERMS_VIP certificate's redemption criteria" },
    ]);
    expect(await memberEvents(plain)).toBe(events);
    expect((await order(plain, 'TERMS_VIP', 25)).status).toBe(201);
    expect((await order(vip, 'TERMS_VIP', 100)).status).toBe(201);
  });

  it('refuses a gift of a category that is not transferable, naming isGift, and writes nothing', async () => {
    expect((await create('TERMS_MINE', { transferable: false })).status).toBe(201);
    const m = await richMember();
    expect(await offered(m, 'TERMS_MINE')).toMatchObject({ transferable: false });
    const events = await memberEvents(m);
    const r = await order(m, 'TERMS_MINE', 25, { isGift: true, recipientName: 'Pat', senderName: 'Sam', recipientEmail: 'pat@example.com', giftMessage: 'Hi' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.items.0.isGift', message: 'Gift TERMS_MINE certificates cannot be sent as a gift: buy it for yourself' }]);
    expect(await memberEvents(m)).toBe(events);
  });
});

describe('what a treatment may redeem', () => {
  /** Buys `count` certificates of the category and waits until the wallet (the read model treatments use) holds them. */
  const buy = async (m: Member, code: string, count: number): Promise<{ codes: string[]; ids: string[] }> => {
    const r = await call(
      'POST',
      `/participants/${m.paxId}/gift-certificates/orders`,
      { items: [{ certificateCategoryCode: code, amount: 25, quantity: count, isGift: false }], clientOrderId: randomUUID() },
      m.token,
    );
    expect(r.status).toBe(201);
    await readAfter(s, `/api/rest/participants/${m.paxId}/certificates`, m.token, r.body.position as string);
    const certificates = r.body.certificates as { id: string; code: string }[];
    return { codes: certificates.map((c) => c.code), ids: certificates.map((c) => c.id) };
  };
  const treat = (m: Member, codes: string[], dateOfService = today()) =>
    postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 1)], { dateOfService, redeemedCertificateCodes: codes }), { token: admin.token });
  const treatmentsOf = async (m: Member) => (await s.runtime.deps.pool.query('SELECT 1 FROM rm_treatments WHERE pax_id = $1', [m.paxId])).rowCount;

  it('refuses more of a category than one treatment may redeem, naming the code past the bound', async () => {
    expect((await create('TERMS_ONE', { quantityInOneTreatment: 1 })).status).toBe(201);
    const m = await richMember();
    const { codes } = await buy(m, 'TERMS_ONE', 2);
    const r = await treat(m, codes);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: 'body.redeemedCertificateCodes.1', message: 'is one Gift TERMS_ONE certificate more than one treatment may redeem (at most 1)' },
    ]);
    expect(await treatmentsOf(m)).toBe(0);
    expect((await treat(m, codes.slice(0, 1))).status).toBe(202);
  });

  it('refuses a certificate before its activation day, which the wallet shows when the category says so', async () => {
    expect((await create('TERMS_LATER', { daysToRestrictRedemption: 30, showActivationDate: true })).status).toBe(201);
    const m = await richMember();
    const { codes, ids } = await buy(m, 'TERMS_LATER', 1);
    const wallet = await call('GET', `/participants/${m.paxId}/certificates`, undefined, m.token);
    const activation = addDays(today(), 30);
    expect(wallet.body.items.find((c: { id: string }) => c.id === ids[0])).toMatchObject({ activationDate: activation });
    const r = await treat(m, codes);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      {
        path: 'body.redeemedCertificateCodes.0',
        message: `cannot be redeemed before ${activation.slice(5, 7)}/${activation.slice(8, 10)}/${activation.slice(0, 4)}, 30 days after it was issued`,
      },
    ]);
    expect(await treatmentsOf(m)).toBe(0);
  });

  it("refuses (403 not-eligible) a certificate whose variant's criteria no longer admit the member", async () => {
    expect((await create('TERMS_RULE')).status).toBe(201);
    const m = await richMember(3000);
    const { codes } = await buy(m, 'TERMS_RULE', 1);
    await call('PUT', '/certificate-categories', {
      certificateCategoryCode: 'TERMS_RULE',
      variants: [
        { amount: 25, purchaseAmount: 250, redemptionCriteria: lifetimeAtLeast(100_000) },
        { amount: 100, purchaseAmount: 1000 },
      ],
    });
    const r = await treat(m, codes);
    expect(r.status).toBe(403);
    expect(r.body.type).toMatch(/not-eligible$/);
    expect(r.body.errors).toEqual([
      { path: 'body.redeemedCertificateCodes.0', message: 'the member does not meet the redemption criteria of the $25 Gift TERMS_RULE certificate' },
    ]);
    expect(await treatmentsOf(m)).toBe(0);
  });
});
