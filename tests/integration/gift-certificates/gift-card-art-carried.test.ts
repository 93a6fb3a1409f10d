import { randomUUID } from 'node:crypto';
import { certificateStream, encodeEvent, GiftCertificatesPurchased, memberStream } from '../../../event-schemas';
import { certificatesProjection } from '../../../projections/certificates/certificates.projection';
import { CERTIFICATE_COLUMNS } from '../../../projections/certificates/certificates-query';
import { resetProjection } from '../../../projections/runner';
import { giftCertificateId, giftOrderId } from '../../../server/gift-certificates/purchase-gift-certificates';
import { quickMember } from '../api/fixtures';
import { award } from '../ledger/ledger-helpers';
import { eventually } from '../../support/event-store-contract';
import { settle } from '../../support/settle';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

interface Item {
  id: string;
  code: string;
  cardArtId: string | null;
  certificateCategoryType: string | null;
}

const GOLDEN_HOUR = 'card-art-golden-hour';
const order = (m: { token: string; paxId: number }, items: unknown[]) =>
  s.call('POST', `/api/rest/participants/${m.paxId}/gift-certificates/orders`, { token: m.token, body: { items, clientOrderId: randomUUID() } });

/** The member's wallet once the (asynchronous) certificates projection holds `count` certificates. */
const walletOf = (m: { token: string }, count: number) =>
  eventually(async () => {
    const r = await s.call('GET', '/api/rest/participants/~/certificates', { token: m.token });
    expect(r.body.items).toHaveLength(count);
    return r.body.items as Item[];
  });

/** The one gift e-mail to `recipient`, once the reconciler has written it. */
const mailTo = (recipient: string) =>
  eventually(async () => {
    const r = await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token });
    expect(r.body).toHaveLength(1);
    return r.body[0] as { subject: string; body: string };
  });

describe('a checkout with a chosen design', () => {
  it('answers the design on the order, on the member’s certificate items and in the live message, and names it in the gift e-mail', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const recipientEmail = `art-${randomUUID()}@example.com`;
    const r = await order(m, [
      {
        certificateCategoryCode: 'ASPIRE_GIFT',
        amount: 50,
        quantity: 1,
        isGift: true,
        recipientName: 'Robin',
        senderName: 'Sam',
        recipientEmail,
        selectedCardArt: GOLDEN_HOUR,
      },
      { certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: false, selectedCardArt: null },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.certificates.map((c: Item) => c.cardArtId)).toEqual([GOLDEN_HOUR, null]);
    const [given, kept] = r.body.certificates as Item[];

    const wallet = await walletOf(m, 2);
    expect(wallet.find((c) => c.id === given.id)).toMatchObject({ code: given.code, cardArtId: GOLDEN_HOUR, certificateCategoryType: 'PURCHASABLE' });
    expect(wallet.find((c) => c.id === kept.id)).toMatchObject({ cardArtId: null });

    const live = await s.runtime.deps.pool.query<{ data: Item }>(`SELECT data FROM member_live_messages WHERE pax_id = $1 AND kind = 'certificate'`, [m.paxId]);
    expect(live.rows.map((row) => [row.data.id, row.data.cardArtId])).toEqual(
      expect.arrayContaining([
        [given.id, GOLDEN_HOUR],
        [kept.id, null],
      ]),
    );

    const mail = await mailTo(recipientEmail);
    expect(mail.body).toContain('Design: Golden hour');
    expect(mail.body).toContain(given.code);
  });

  it('leaves the design line out of a gift e-mail when none was chosen', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const recipientEmail = `no-art-${randomUUID()}@example.com`;
    expect(
      (await order(m, [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 1, isGift: true, recipientName: 'Robin', recipientEmail }])).status,
    ).toBe(201);
    expect((await mailTo(recipientEmail)).body).not.toContain('Design:');
    expect((await walletOf(m, 1))[0].cardArtId).toBeNull();
  });
});

describe('a gift order the reconciler finishes', () => {
  it('issues its certificates with the design the order chose and names it in the e-mail', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 600);
    const store = s.runtime.deps.store;
    const lotId = (await store.readStream(memberStream(m.paxId))).map((e) => e.data as { lotId?: string }).find((d) => d.lotId)!.lotId!;
    const orderId = giftOrderId(m.paxId, randomUUID());
    const recipientEmail = `reco-art-${orderId}@example.com`;
    const certificateId = giftCertificateId(orderId, 0);
    const purchased = {
      paxId: m.paxId,
      orderId,
      clientOrderId: 'lost',
      pointsSpent: 250,
      consumed: [{ lotId, amount: 250 }],
      expirationDate: '2030-01-01',
      certificates: [
        {
          certificateId,
          code: 'ARTS-RECO-01',
          certificateCategoryCode: 'ASPIRE_GIFT',
          name: '$25 Aspire Gift Certificate',
          amount: 25,
          purchasePrice: 250,
          isGift: true,
          recipientName: 'Robin',
          senderName: null,
          giftMessage: null,
          recipientEmail,
          cardArtId: 'card-art-sea-glass',
        },
      ],
    };
    const meta = {
      actor: { kind: 'participant' as const, paxId: m.paxId },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    // The server "crashed" right after the member append: only the reconciler writes the certificate.
    await store.appendToStream(memberStream(m.paxId), [encodeEvent(randomUUID(), GiftCertificatesPurchased.of(purchased), meta)], { expectedRevision: 'any' });

    const issued = await eventually(async () => {
      const stream = await store.readStream(certificateStream(certificateId));
      expect(stream).toHaveLength(1);
      return stream[0];
    });
    expect(issued.data).toMatchObject({ certificateId, cardArtId: 'card-art-sea-glass' });
    expect((await walletOf(m, 1))[0]).toMatchObject({ id: certificateId, cardArtId: 'card-art-sea-glass' });
    expect((await mailTo(recipientEmail)).body).toContain('Design: Sea glass');
  });
});

describe('certificates projection with designs', () => {
  it('rebuilt from position 0 equals the live-maintained read model, designs included', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 500);
    expect((await order(m, [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 25, quantity: 2, isGift: false, selectedCardArt: GOLDEN_HOUR }])).status).toBe(
      201,
    );
    await walletOf(m, 2);
    const { pool, store } = s.runtime.deps;
    const snapshot = async () => (await pool.query(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates ORDER BY certificate_id`)).rows;
    await settle(pool, store, certificatesProjection);
    const live = await snapshot();
    expect(live.filter((row) => row.pax_id === String(m.paxId)).map((row) => row.card_art_id)).toEqual([GOLDEN_HOUR, GOLDEN_HOUR]);
    await resetProjection(pool, certificatesProjection);
    await settle(pool, store, certificatesProjection);
    expect(await snapshot()).toEqual(live);
  });
});
