import { randomUUID } from 'node:crypto';
import { memberStream } from '../../../event-schemas';
import { quickMember } from '../api/fixtures';
import { award } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const order = (m: { token: string; paxId: number }, items: unknown[]) =>
  s.call('POST', `/api/rest/participants/${m.paxId}/gift-certificates/orders`, { token: m.token, body: { items, clientOrderId: randomUUID() } });
const line = (amount: number, quantity: number) => ({ certificateCategoryCode: 'ASPIRE_GIFT', amount, quantity, isGift: false });

describe("a category's maxPurchaseQuantity bounds an order", () => {
  it('is saved with the category, audited, and answered when the category is read', async () => {
    const put = await s.call('PUT', '/api/rest/certificate-categories', {
      token: admin.token,
      body: { certificateCategoryCode: 'ASPIRE_GIFT', maxPurchaseQuantity: 2 },
    });
    expect(put.status).toBe(200);
    expect(put.body.maxPurchaseQuantity).toBe(2);
    const read = await s.call('GET', '/api/rest/admin/certificate-categories/ASPIRE_GIFT', { token: admin.token });
    expect(read.body.maxPurchaseQuantity).toBe(2);
    const bad = await s.call('PUT', '/api/rest/certificate-categories', {
      token: admin.token,
      body: { certificateCategoryCode: 'ASPIRE_GIFT', maxPurchaseQuantity: 0 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('body.maxPurchaseQuantity');
  });

  it('refuses (400 naming the line) an order whose lines of the category pass it, and writes nothing', async () => {
    await s.call('PUT', '/api/rest/certificate-categories', { token: admin.token, body: { certificateCategoryCode: 'ASPIRE_GIFT', maxPurchaseQuantity: 2 } });
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 2000);
    const before = await s.runtime.deps.store.readStream(memberStream(m.paxId));
    const refused = await order(m, [line(25, 1), line(50, 2)]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'body.items.1.quantity', message: 'takes the order past 2 Aspire Gift Certificate certificates, the most one order may hold' },
    ]);
    expect(JSON.stringify(refused.body)).toContain('the most one order may hold');
    expect(await s.runtime.deps.store.readStream(memberStream(m.paxId))).toHaveLength(before.length);
    expect((await order(m, [line(25, 1), line(50, 1)])).status).toBe(201);
  });

  it('null lifts it again: only the cart limit of 5 applies', async () => {
    await s.call('PUT', '/api/rest/certificate-categories', {
      token: admin.token,
      body: { certificateCategoryCode: 'ASPIRE_GIFT', maxPurchaseQuantity: null },
    });
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 2000);
    expect((await order(m, [line(25, 4)])).status).toBe(201);
  });
});
