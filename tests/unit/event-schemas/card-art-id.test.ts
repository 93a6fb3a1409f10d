import { CertificateIssued, decodeEvent, encodeEvent, GiftCertificatesPurchased, type PurchasedCertificate } from '../../../event-schemas';

const meta = { actor: { kind: 'participant' as const, paxId: 7 }, correlationId: 'corr', causationId: 'cause', occurredAt: '2026-02-03T04:05:06.000Z' };
const CERT_ID = '6c0b1c9e-2d1f-4a5b-8c7d-9e0f1a2b3c4d';
const ORDER_ID = '1a2b3c4d-5e6f-4a5b-8c7d-9e0f1a2b3c4d';

const purchased = (extra: Partial<PurchasedCertificate> = {}): PurchasedCertificate => ({
  certificateId: CERT_ID,
  code: 'AAAA-BBBB-CC',
  certificateCategoryCode: 'ASPIRE_GIFT',
  name: '$25 Aspire Gift Certificate',
  amount: 25,
  purchasePrice: 250,
  isGift: false,
  recipientName: null,
  senderName: null,
  giftMessage: null,
  recipientEmail: null,
  ...extra,
});
const order = (certificate: PurchasedCertificate) =>
  GiftCertificatesPurchased.of({
    paxId: 7,
    orderId: ORDER_ID,
    clientOrderId: 'c-1',
    pointsSpent: 250,
    consumed: [{ lotId: 'l', amount: 250 }],
    certificates: [certificate],
    expirationDate: '2027-02-03',
  });
const issued = (extra: { cardArtId?: string | null } = {}) =>
  CertificateIssued.of({
    certificateId: CERT_ID,
    code: 'AAAA-BBBB-CC',
    paxId: 7,
    amount: 25,
    pointsCost: 250,
    name: '$25 Aspire Gift Certificate',
    certificateCategoryType: 'PURCHASABLE',
    displayCategory: 'gift',
    status: 'ACTIVE',
    issuedAt: '2026-02-03T04:05:06.000Z',
    expirationDate: '2027-02-03',
    ...extra,
  });

/** Through the store's JSON, as the event store keeps it. */
const roundTrip = (event: Parameters<typeof encodeEvent>[1]) => {
  const stored = JSON.parse(JSON.stringify(encodeEvent('id-1', event, meta))) as ReturnType<typeof encodeEvent>;
  return { stored, decoded: decodeEvent(stored.type, stored.data, stored.metadata) };
};

describe('cardArtId on gift orders and certificates', () => {
  describe('when a design was chosen', () => {
    it.each([
      ['GiftCertificatesPurchased', order(purchased({ cardArtId: 'card-art-golden-hour' }))],
      ['CertificateIssued', issued({ cardArtId: 'card-art-golden-hour' })],
    ])('%s keeps it through encode, JSON and decode, still at version 1', (_, event) => {
      const { stored, decoded } = roundTrip(event);
      expect(JSON.stringify(stored.data)).toContain('"cardArtId":"card-art-golden-hour"');
      expect(decoded).toEqual({ event, metadata: { ...meta, schemaVersion: 1 } });
    });
  });

  describe('when none was chosen', () => {
    it.each([
      ['GiftCertificatesPurchased', order(purchased({ cardArtId: null }))],
      ['CertificateIssued', issued({ cardArtId: null })],
    ])('%s keeps an explicit null', (_, event) => expect(roundTrip(event).decoded.event).toEqual(event));
  });

  describe('when the event was stored before designs were kept', () => {
    it('decodes an old order without the field, leaving it undefined', () => {
      const old = {
        paxId: 7,
        orderId: ORDER_ID,
        clientOrderId: 'c-1',
        pointsSpent: 250,
        consumed: [{ lotId: 'l', amount: 250 }],
        certificates: [purchased()],
        expirationDate: '2027-02-03',
      };
      const decoded = decodeEvent('GiftCertificatesPurchased', old, { ...meta, schemaVersion: 1 });
      expect(decoded.event.type === 'GiftCertificatesPurchased' && decoded.event.data.certificates[0]).toEqual(purchased());
      expect(decoded.event.type === 'GiftCertificatesPurchased' && 'cardArtId' in decoded.event.data.certificates[0]).toBe(false);
    });

    it('decodes an old certificate (and every reward) without the field', () => {
      const { stored, decoded } = roundTrip(issued());
      expect(stored.data).not.toHaveProperty('cardArtId');
      expect(decoded.event).toEqual(issued());
    });
  });

  it('refuses to store a design that is not an id', () => {
    const bad = order({ ...purchased(), cardArtId: 42 as unknown as string });
    expect(() => encodeEvent('id-2', bad, meta)).toThrow(/refusing to store an invalid GiftCertificatesPurchased/);
    expect(() => decodeEvent('CertificateIssued', { ...issued().data, cardArtId: 42 }, { ...meta, schemaVersion: 1 })).toThrow(/corrupt CertificateIssued/);
  });
});
