import { randomUUID } from 'node:crypto';
import { certificateStream, encodeEvent, GiftCertificatesPurchased, memberStream } from '../../../event-schemas';
import { loadStream } from '../../../server/core/command-handler';
import { orderStream } from '../../../server/gift-certificates/issue-gift-order';
import { giftCertificateId, giftOrderId, purchaseGiftCertificates } from '../../../server/gift-certificates/purchase-gift-certificates';
import { formatPosition } from '../../../event-schemas/store/position';
import { quickMember } from '../api/fixtures';
import { award, readAfter } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const gift = { isGift: true, recipientName: 'Robin Friend', senderName: 'Sam', giftMessage: 'Happy birthday!', recipientEmail: 'robin@example.com' };
const order = (token: string, paxId: number, items: unknown[], clientOrderId = randomUUID()) =>
  s.call('POST', `/api/rest/participants/${paxId}/gift-certificates/orders`, { token, body: { items, clientOrderId } });

/** The outbox for one recipient once the reconciler (which writes gift e-mails) has had its turn. */
async function outboxFor(recipient: string): Promise<{ subject: string; body: string }[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const r = await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token });
    if (r.body.length > 0 || Date.now() > until) {
      await new Promise((done) => setTimeout(done, 300)); // a duplicate, were there one, would have landed by now
      return (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token })).body;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('GET /certificate-categories/list', () => {
  it('lists the purchasable categories with variants priced in points, for members', async () => {
    const m = await quickMember(s);
    const r = await s.call('GET', '/api/rest/certificate-categories/list', { token: m.token });
    expect(r.status).toBe(200);
    const aspire = r.body.find((c: { certificateCategoryCode: string }) => c.certificateCategoryCode === 'ASPIRE_GIFT');
    expect(aspire).toMatchObject({
      certificateCategoryType: 'PURCHASABLE',
      cardArtId: 'card-art-default',
      variants: [
        { amount: 25, purchasePrice: 250 },
        { amount: 50, purchasePrice: 500 },
        { amount: 100, purchasePrice: 1000 },
      ],
    });
    expect(aspire.termsAndConditions).not.toBe('');
    expect(r.body.map((c: { certificateCategoryCode: string }) => c.certificateCategoryCode)).not.toContain('reward');
    expect((await s.call('GET', '/api/rest/certificate-categories/list')).status).toBe(401);
  });
});

describe('POST /participants/{paxId}/gift-certificates/orders', () => {
  it('spends the points, issues PURCHASABLE certificates, records the order and shows them in the wallet', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1200);
    const r = await order(m.token, m.paxId, [
      { certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 2, isGift: false },
      { certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, ...gift },
    ]);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ pointsSpent: 1000, balance: 200 });
    expect(r.body.certificates).toHaveLength(3);
    expect(r.body.certificates.map((c: { amount: number; isGift: boolean }) => [c.amount, c.isGift])).toEqual([
      [25, false],
      [25, false],
      [50, true],
    ]);
    const certs = await readAfter(s, '/api/rest/participants/~/certificates', m.token, r.body.position);
    expect(certs.body.items).toHaveLength(3);
    expect(certs.body.items).toContainEqual(
      expect.objectContaining({ code: r.body.certificates[2].code, amount: 50, purchasePrice: 500, certificateCategoryType: 'PURCHASABLE', status: 'ACTIVE' }),
    );
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, r.body.position)).body.balance).toBe(200);
    const placed = await s.runtime.deps.store.readStream(orderStream(r.body.orderId));
    expect(placed.map((e) => e.type)).toEqual(['OrderPlaced']);
    expect(placed[0].data).toMatchObject({ paxId: m.paxId, pointsSpent: 1000, certificateIds: r.body.certificates.map((c: { id: string }) => c.id) });
  });

  it('shows each certificate bought in the activity with the points it cost, negative as the ledger has them (they showed 0)', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const r = await order(m.token, m.paxId, [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 2, isGift: false }]);
    expect(r.status).toBe(201);
    const activity = await readAfter(s, `/api/rest/patients/${m.paxId}/activity-headers`, m.token, r.body.position);
    const bought = activity.body.items.filter((i: { activityType: string }) => i.activityType === 'ASPIRE GIFT CERTIFICATES');
    expect(bought.map((i: { points: number }) => i.points)).toEqual([-250, -250]);
    const net = activity.body.items.reduce((n: number, i: { points: number }) => n + i.points, 0);
    expect(net).toBe((await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).body.balance);
  });

  it('writes the gift e-mail with the code and message to the outbox, and none for a kept certificate', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 600);
    const recipientEmail = `friend-${randomUUID()}@example.com`;
    const r = await order(m.token, m.paxId, [{ certificateCategoryCode: 'SKINCARE_GIFT', amount: 60, quantity: 1, ...gift, recipientEmail }]);
    expect(r.status).toBe(201);
    const mail = await outboxFor(recipientEmail);
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain(r.body.certificates[0].code);
    expect(mail[0].body).toContain('Happy birthday!');
    expect(mail[0].subject).toContain('Sam');
  });

  it.each([
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 6, isGift: false }], 'body.items.0.quantity'],
    [
      [
        { certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 3, isGift: false },
        { certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 3, isGift: false },
      ],
      'body.items',
    ],
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, ...gift, recipientEmail: 'not-an-email' }], 'body.items.0.recipientEmail'],
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: true, recipientName: 'X' }], 'body.items.0.recipientEmail'],
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: true, recipientEmail: 'x@example.com' }], 'body.items.0.recipientName'],
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, ...gift, giftMessage: 'x'.repeat(251) }], 'body.items.0.giftMessage'],
    [[{ certificateCategoryCode: 'NOPE', amount: 25, quantity: 1, isGift: false }], 'body.items.0.certificateCategoryCode'],
    [[{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 26, quantity: 1, isGift: false }], 'body.items.0.amount'],
    [[], 'body.items'],
  ])('answers 400 for %j naming %s, spending nothing', async (items, path) => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 5000);
    const r = await order(m.token, m.paxId, items);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    const written = await loadStream(s.runtime.deps.store, purchaseGiftCertificates, memberStream(m.paxId));
    expect(written.state.member.balance).toBe(5000);
  });

  it('answers 409 insufficient-points and spends nothing', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 400);
    const r = await order(m.token, m.paxId, [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, isGift: false }]);
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/\/insufficient-points$/);
    const written = await loadStream(s.runtime.deps.store, purchaseGiftCertificates, memberStream(m.paxId));
    expect(written.state.member.balance).toBe(400);
  });

  it('charges a retried checkout once, also when the two posts race', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const items = [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: false }];
    const clientOrderId = randomUUID();
    const [a, b] = await Promise.all([order(m.token, m.paxId, items, clientOrderId), order(m.token, m.paxId, items, clientOrderId)]);
    const again = await order(m.token, m.paxId, items, clientOrderId);
    for (const r of [a, b, again]) {
      expect(r.status).toBe(201);
      expect(r.body.orderId).toBe(a.body.orderId);
      expect(r.body.certificates).toEqual(a.body.certificates);
    }
    const written = await loadStream(s.runtime.deps.store, purchaseGiftCertificates, memberStream(m.paxId));
    expect(written.history.filter((h) => h.event.type === 'GiftCertificatesPurchased')).toHaveLength(1);
    expect(written.state.member.balance).toBe(750);
    const certs = await readAfter(s, '/api/rest/participants/~/certificates', m.token, again.body.position);
    expect(certs.body.totalElements).toBe(1);
  });

  it('answers 403 for member B on member A and for an admin not impersonating; 401 anonymous', async () => {
    const a = await quickMember(s);
    const b = await quickMember(s);
    await award(s, admin.token, a.paxId, 1000);
    const items = [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: false }];
    expect((await order(b.token, a.paxId, items)).status).toBe(403);
    expect((await order(admin.token, a.paxId, items)).status).toBe(403);
    expect((await s.call('POST', `/api/rest/participants/${a.paxId}/gift-certificates/orders`, { body: { items, clientOrderId: 'x' } })).status).toBe(401);
  });
});

describe('certificate reconciler and gift orders', () => {
  it('issues every certificate and the order of a purchase whose writes were lost, exactly once', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 600);
    const store = s.runtime.deps.store;
    const lotId = (await store.readStream(memberStream(m.paxId))).map((e) => e.data as { lotId?: string }).find((d) => d.lotId)!.lotId!;
    const orderId = giftOrderId(m.paxId, randomUUID());
    const cert = (i: number, isGift: boolean) => ({
      certificateId: giftCertificateId(orderId, i),
      code: `GIFT-RECO-${i}${i}`,
      certificateCategoryCode: 'ASPIRE_GIFT',
      name: '$25 Aspire Gift Certificate',
      amount: 25,
      purchasePrice: 250,
      isGift,
      recipientName: isGift ? 'Robin' : null,
      senderName: null,
      giftMessage: isGift ? 'For you' : null,
      recipientEmail: isGift ? `reco-${orderId}@example.com` : null,
    });
    const purchased = {
      paxId: m.paxId,
      orderId,
      clientOrderId: 'lost',
      pointsSpent: 500,
      consumed: [{ lotId, amount: 500 }],
      certificates: [cert(0, false), cert(1, true)],
      expirationDate: '2030-01-01',
    };
    const meta = {
      actor: { kind: 'participant' as const, paxId: m.paxId },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    // The server "crashed" right after the member append: no certificate or order stream was written.
    await store.appendToStream(memberStream(m.paxId), [encodeEvent(randomUUID(), GiftCertificatesPurchased.of(purchased), meta)], { expectedRevision: 'any' });

    const until = Date.now() + 10_000;
    let placed = await store.readStream(orderStream(orderId));
    while (placed.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      placed = await store.readStream(orderStream(orderId));
    }
    expect(placed.map((e) => e.type)).toEqual(['OrderPlaced']);
    for (const c of purchased.certificates) {
      const stream = await store.readStream(certificateStream(c.certificateId));
      expect(stream.map((e) => e.type)).toEqual(['CertificateIssued']);
      expect(stream[0].data).toMatchObject({ code: c.code, certificateCategoryType: 'PURCHASABLE', displayCategory: 'gift', pointsCost: 250 });
    }
    const list = await readAfter(s, '/api/rest/participants/~/certificates', m.token, formatPosition(placed[0].position));
    expect(list.body.totalElements).toBe(2);
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, formatPosition(placed[0].position))).body.balance).toBe(100);
    const mail = await outboxFor(`reco-${orderId}@example.com`);
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain('GIFT-RECO-11');
  });
});
