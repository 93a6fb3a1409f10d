import { randomUUID } from 'node:crypto';
import { memberStream, stockStream } from '../../../event-schemas';
import { handleCommand } from '../../../server/core/command-handler';
import { releaseAbandonedStock } from '../../../server/gift-certificates/release-abandoned-stock';
import { giftOrderId, purchaseGiftCertificates } from '../../../server/gift-certificates/purchase-gift-certificates';
import { reserveStock } from '../../../server/gift-certificates/reserve-stock';
import { quickMember } from '../api/fixtures';
import { award, readAfter } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

// Issue 13: a category's totalUseable is the most of it the gift shop ever sells, exactly, however many orders race.
jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

type Member = { token: string; paxId: number };
type Offered = { certificateCategoryCode: string; left: number | null };
const call = (method: string, path: string, body?: unknown, token = admin.token) => s.call(method, `/api/rest${path}`, { token, body });
const create = (code: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/certificate-categories', {
    certificateCategoryCode: code,
    certificateCategoryName: `Stock ${code}`,
    certificateCategoryType: 'PURCHASABLE',
    variants: [
      { amount: 10, purchaseAmount: 100 },
      { amount: 20, purchaseAmount: 200 },
    ],
    ...extra,
  });
const line = (code: string, quantity: number, amount = 10) => ({ certificateCategoryCode: code, amount, quantity, isGift: false });
const order = (m: Member, items: unknown[], clientOrderId = randomUUID()) =>
  call('POST', `/participants/${m.paxId}/gift-certificates/orders`, { items, clientOrderId }, m.token);
const offered = async (m: Member, code: string) =>
  ((await call('GET', '/certificate-categories/list', undefined, m.token)).body as Offered[]).find((c) => c.certificateCategoryCode === code);
const richMember = async (points = 2000) => {
  const m = await quickMember(s);
  await award(s, admin.token, m.paxId, points);
  return m;
};
/** Certificates of the category that orders bought, read from the member streams' decisions. */
const boughtIn = async (members: Member[], code: string) => {
  let n = 0;
  for (const m of members)
    for (const e of await s.runtime.deps.store.readStream(memberStream(m.paxId)))
      if (e.type === 'GiftCertificatesPurchased')
        n += (e.data as { certificates: { certificateCategoryCode: string }[] }).certificates.filter((c) => c.certificateCategoryCode === code).length;
  return n;
};

describe("a category's totalUseable", () => {
  it('is saved, answered to the admin, and shown to members as how many are left', async () => {
    const code = `TU_SHOW_${Date.now()}`;
    expect((await create(code, { totalUseable: 3 })).status).toBe(201);
    expect((await call('GET', `/admin/certificate-categories/${code}`)).body.totalUseable).toBe(3);
    const m = await richMember();
    expect(await offered(m, code)).toMatchObject({ left: 3 });
    expect((await order(m, [line(code, 2)])).status).toBe(201);
    expect(await offered(m, code)).toMatchObject({ left: 1 });
    // A category with no limit answers null.
    expect((await offered(m, 'ASPIRE_GIFT'))?.left).toBeNull();
  });

  it('sells exactly the limit when many orders race for the last units, and refuses the rest naming the line', async () => {
    const code = `TU_RACE_${Date.now()}`;
    expect((await create(code, { totalUseable: 7 })).status).toBe(201);
    const early = await richMember();
    expect((await order(early, [line(code, 2)])).status).toBe(201); // 5 left
    const racers = await Promise.all(Array.from({ length: 12 }, () => richMember()));
    // Twelve members at once, one or two certificates each (24 wanted), for the last 5.
    const answers = await Promise.all(racers.map((m, i) => order(m, [line('ASPIRE_GIFT', 1, 25), line(code, 1 + (i % 2), 20)])));
    const sold = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    const soldUnits = sold.reduce((n, a) => n + a.body.certificates.filter((c: { name: string }) => c.name.includes(`Stock ${code}`)).length, 0);
    expect(soldUnits).toBeLessThanOrEqual(5);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(a.body.errors).toHaveLength(1);
      expect(a.body.errors[0].path).toBe('body.items.1.quantity');
      expect(a.body.errors[0].message).toMatch(
        new RegExp(`^(only [1-4] Stock ${code} certificates? left|Stock ${code} is sold out: no certificates are left)$`),
      );
    }
    // Every unit refused was refused because fewer were left than asked for: the limit is reached exactly or
    // within one (a two-certificate order refused for the one left, with no one-certificate order left to take it).
    expect(soldUnits).toBeGreaterThanOrEqual(4);
    // The member streams agree: no refused order spent anything, and the category sold what the answers say.
    expect(await boughtIn([early, ...racers], code)).toBe(2 + soldUnits);
    for (const [i, a] of answers.entries()) if (a.status !== 201) expect(await boughtIn([racers[i]], 'ASPIRE_GIFT')).toBe(0);
    const stock = await s.runtime.deps.store.readStream(stockStream(code));
    const held = stock.reduce(
      (n, e) =>
        n +
        (e.type === 'CertificateStockReserved'
          ? (e.data as { quantity: number }).quantity
          : e.type === 'CertificateStockReleased'
            ? -(e.data as { quantity: number }).quantity
            : 0),
      0,
    );
    expect(held).toBe(2 + soldUnits);
    expect((await offered(early, code))?.left ?? 0).toBe(7 - 2 - soldUnits);
  });

  it('never passes the limit with single-certificate orders: exactly the limit is sold', async () => {
    const code = `TU_EXACT_${Date.now()}`;
    expect((await create(code, { totalUseable: 4 })).status).toBe(201);
    const racers = await Promise.all(Array.from({ length: 10 }, () => richMember()));
    const answers = await Promise.all(racers.map((m) => order(m, [line(code, 1)])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    expect(await boughtIn(racers, code)).toBe(4);
    // Sold out: the shop no longer offers it, and a further order is refused.
    expect(await offered(racers[0], code)).toBeUndefined();
    const late = await order(racers[0], [line(code, 1)]);
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual([{ path: 'body.items.0.quantity', message: `Stock ${code} is sold out: no certificates are left` }]);
  });

  it('gives back the units of an order refused for its points, and answers a retried sold order as it was', async () => {
    const code = `TU_RELEASE_${Date.now()}`;
    expect((await create(code, { totalUseable: 2 })).status).toBe(201);
    const poor = await quickMember(s);
    const before = (await s.runtime.deps.store.readStream(memberStream(poor.paxId))).length;
    const refused = await order(poor, [line(code, 2)]);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toContain('insufficient-points');
    expect(await s.runtime.deps.store.readStream(memberStream(poor.paxId))).toHaveLength(before);
    const m = await richMember();
    expect(await offered(m, code)).toMatchObject({ left: 2 });
    const clientOrderId = randomUUID();
    const bought = await order(m, [line(code, 2)], clientOrderId);
    expect(bought.status).toBe(201);
    const again = await order(m, [line(code, 2)], clientOrderId);
    expect(again.status).toBe(201);
    expect(again.body.orderId).toBe(bought.body.orderId);
    expect(await boughtIn([m], code)).toBe(2);
  });

  it('counts what was sold before the limit was set', async () => {
    const code = `TU_BEFORE_${Date.now()}`;
    expect((await create(code)).status).toBe(201);
    const m = await richMember();
    const first = await order(m, [line(code, 3)]);
    expect(first.status).toBe(201);
    // The stock stream opens with what the wallets hold: wait until they hold this order.
    await readAfter(s, `/api/rest/participants/${m.paxId}/certificates`, m.token, first.body.position);
    expect((await call('PUT', '/certificate-categories', { certificateCategoryCode: code, totalUseable: 4 })).status).toBe(200);
    expect(await offered(m, code)).toMatchObject({ left: 1 });
    const over = await order(m, [line(code, 1), line(code, 1, 20)]);
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual([{ path: 'body.items.1.quantity', message: `only 1 Stock ${code} certificate left` }]);
    expect((await order(m, [line(code, 1, 20)])).status).toBe(201);
    expect(await offered(m, code)).toBeUndefined();
  });

  describe('when the server stops between reserving and buying', () => {
    const ctx = (now = new Date()) => ({ actor: { kind: 'participant' as const, paxId: 1 }, correlationId: randomUUID(), now });
    /** What the order route does before it decides the purchase, and no more: the crash comes next. */
    const reserveOnly = async (m: Member, code: string, quantity: number, clientOrderId = randomUUID()) => {
      const orderId = giftOrderId(m.paxId, clientOrderId);
      const limited = [{ certificateCategoryCode: code, certificateCategoryName: `Stock ${code}`, totalUseable: 3, lines: [{ index: 0, quantity }] }];
      await reserveStock(s.runtime.deps.store, s.runtime.deps.pool, { orderId, paxId: m.paxId, clientOrderId }, limited, ctx());
      return { orderId, clientOrderId };
    };
    const later = (ms: number) => ({ ...s.runtime.deps, now: () => new Date(Date.now() + ms) });
    const memberTypes = async (m: Member) => (await s.runtime.deps.store.readStream(memberStream(m.paxId))).map((e) => e.type);

    it('holds the units (never oversells) until the nightly sweep gives the checkout up and puts them back on sale', async () => {
      const code = `TU_CRASH_${Date.now()}`;
      expect((await create(code, { totalUseable: 3 })).status).toBe(201);
      const m = await richMember();
      const { clientOrderId } = await reserveOnly(m, code, 2);
      expect(await offered(m, code)).toMatchObject({ left: 1 });
      expect((await order(m, [line(code, 2)])).status).toBe(409);

      // Not yet an hour old: the sweep leaves it be.
      expect(await releaseAbandonedStock(later(0), undefined, [code])).toEqual({ released: 0, confirmed: 0 });
      expect(await offered(m, code)).toMatchObject({ left: 1 });

      expect(await releaseAbandonedStock(later(2 * 60 * 60 * 1000), undefined, [code])).toEqual({
        released: 1,
        confirmed: 0,
        position: expect.stringMatching(/^\d+-\d+$/),
      });
      expect(await offered(m, code)).toMatchObject({ left: 3 });
      expect(await memberTypes(m)).toContain('GiftOrderAbandoned');
      // The abandoned checkout can no longer buy (its units are back on sale); a new one can.
      const late = await order(m, [line(code, 2)], clientOrderId);
      expect(late.status).toBe(409);
      expect(late.body.errors).toEqual([{ path: 'body.clientOrderId', message: expect.stringContaining('start the order again') }]);
      expect(await boughtIn([m], code)).toBe(0);
      expect(await offered(m, code)).toMatchObject({ left: 3 });
      expect((await order(m, [line(code, 3)])).status).toBe(201);
      expect(await offered(m, code)).toBeUndefined();
    });

    it('confirms the units of a checkout that did buy before the server stopped, and sells no more than the limit', async () => {
      const code = `TU_BOUGHT_${Date.now()}`;
      expect((await create(code, { totalUseable: 3 })).status).toBe(201);
      const m = await richMember();
      const { clientOrderId } = await reserveOnly(m, code, 2);
      // The purchase was decided, then the server stopped before confirming the reservation.
      await handleCommand(
        s.runtime.deps.store,
        purchaseGiftCertificates,
        memberStream(m.paxId),
        {
          paxId: m.paxId,
          clientOrderId,
          today: '2026-11-25',
          expirationDate: '2027-11-25',
          lines: [{ certificateCategoryCode: code, certificateName: `$10 Stock ${code}`, amount: 10, purchasePrice: 100, quantity: 2, isGift: false }],
          codes: ['CRSH-AAAA-01', 'CRSH-AAAA-02'],
        },
        ctx(),
      );
      expect(await releaseAbandonedStock(later(2 * 60 * 60 * 1000), undefined, [code])).toEqual({
        released: 0,
        confirmed: 1,
        position: expect.stringMatching(/^\d+-\d+$/),
      });
      expect(await memberTypes(m)).not.toContain('GiftOrderAbandoned');
      expect(await offered(m, code)).toMatchObject({ left: 1 });
      // The checkout retried answers the order it bought; the sweep has nothing more to do.
      const again = await order(m, [line(code, 2)], clientOrderId);
      expect(again.status).toBe(201);
      expect(again.body.certificates).toHaveLength(2);
      expect(await releaseAbandonedStock(later(2 * 60 * 60 * 1000), undefined, [code])).toEqual({ released: 0, confirmed: 0 });
      expect(await offered(m, code)).toMatchObject({ left: 1 });
    });

    it('runs now for an admin (nothing over an hour old here), and only for an admin', async () => {
      const run = await call('POST', '/admin/jobs/release-abandoned-stock');
      expect(run.status).toBe(200);
      expect(run.body).toEqual({ released: 0, confirmed: 0 });
      const m = await quickMember(s);
      expect((await call('POST', '/admin/jobs/release-abandoned-stock', undefined, m.token)).status).toBe(403);
    });
  });
});
