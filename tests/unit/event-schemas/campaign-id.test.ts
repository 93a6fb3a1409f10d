import { CertificateIssued, decodeEvent, encodeEvent } from '../../../event-schemas';

const meta = { actor: { kind: 'participant' as const, paxId: 7 }, correlationId: 'corr', causationId: 'cause', occurredAt: '2026-02-03T04:05:06.000Z' };
const offer = (extra: { campaignId?: number } = {}) =>
  CertificateIssued.of({
    certificateId: '6c0b1c9e-2d1f-4a5b-8c7d-9e0f1a2b3c4d',
    code: 'AAAA-BBBB-CC',
    paxId: 7,
    amount: 25,
    pointsCost: 0,
    name: 'Spring Treatment Offer',
    certificateCategoryType: null,
    displayCategory: 'offer',
    status: 'ACTIVE',
    issuedAt: '2026-02-03T04:05:06.000Z',
    expirationDate: '2026-05-04',
    ...extra,
  });

/** Through the store's JSON, as the event store keeps it. */
const roundTrip = (event: ReturnType<typeof offer>) => {
  const stored = JSON.parse(JSON.stringify(encodeEvent('id-1', event, meta))) as ReturnType<typeof encodeEvent>;
  return { stored, decoded: decodeEvent(stored.type, stored.data, stored.metadata) };
};

describe('campaignId on CertificateIssued', () => {
  it('is kept through encode, JSON and decode, still at version 1', () => {
    const { stored, decoded } = roundTrip(offer({ campaignId: 12 }));
    expect(stored.data).toMatchObject({ campaignId: 12 });
    expect(decoded).toEqual({ event: offer({ campaignId: 12 }), metadata: { ...meta, schemaVersion: 1 } });
  });

  it('is absent on a certificate issued before campaigns were recorded (and on rewards and gifts)', () => {
    const old = { ...offer().data };
    const decoded = decodeEvent('CertificateIssued', old, { ...meta, schemaVersion: 1 });
    expect(decoded.event).toEqual(offer());
    expect('campaignId' in decoded.event.data).toBe(false);
  });

  it.each([0, -3, 1.5, '12', null])('refuses %p as a campaign id', (campaignId) => {
    expect(() => encodeEvent('id-2', offer({ campaignId: campaignId as number }), meta)).toThrow(/refusing to store an invalid CertificateIssued/);
    expect(() => decodeEvent('CertificateIssued', { ...offer().data, campaignId }, { ...meta, schemaVersion: 1 })).toThrow(/corrupt CertificateIssued/);
  });
});
