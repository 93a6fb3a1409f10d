import { decodeEvent, encodeEvent, PointsAwarded } from '../../../event-schemas';

const meta = { actor: { kind: 'admin' as const, adminId: 1 }, correlationId: 'corr', causationId: 'cause', occurredAt: '2026-02-03T04:05:06.000Z' };

describe('event codecs', () => {
  it('round-trips an event through its codec with the current schema version', () => {
    const event = PointsAwarded.of({ paxId: 2, lotId: 'l', amount: 5, description: 'd', source: 'ADMIN', expirationDate: '2027-01-01', idempotencyKey: 'k' });
    const stored = encodeEvent('id-1', event, meta);
    expect(stored.metadata).toEqual({ ...meta, schemaVersion: 2 });
    expect(decodeEvent(stored.type, JSON.parse(JSON.stringify(stored.data)), stored.metadata)).toEqual({ event, metadata: { ...meta, schemaVersion: 2 } });
  });

  it('refuses to encode an event its codec rejects', () => {
    const bad = PointsAwarded.of({ paxId: 2, lotId: 'l', amount: -5, description: 'd', source: 'ADMIN', expirationDate: '2027-01-01', idempotencyKey: null });
    expect(() => encodeEvent('id-2', bad, meta)).toThrow(/refusing to store an invalid PointsAwarded/);
  });

  it('upcasts a version 1 award into a lot expiring twelve months after it happened', () => {
    const decoded = decodeEvent('PointsAwarded', { paxId: 3, amount: 40, description: 'old' }, { ...meta, schemaVersion: 1 });
    expect(decoded.event).toEqual({
      type: 'PointsAwarded',
      data: {
        paxId: 3,
        amount: 40,
        description: 'old',
        lotId: 'legacy-2026-02-03T04:05:06.000Z',
        source: 'ADMIN',
        expirationDate: '2027-02-03',
        idempotencyKey: null,
      },
    });
    expect(decoded.metadata.schemaVersion).toBe(2);
  });

  it('throws on unknown types and corrupt data instead of using them', () => {
    expect(() => decodeEvent('Nope', {}, { ...meta, schemaVersion: 1 })).toThrow(/unknown event type/);
    expect(() => decodeEvent('PointsAwarded', { paxId: 'x' }, { ...meta, schemaVersion: 2 })).toThrow(/corrupt PointsAwarded/);
    expect(() => decodeEvent('PointsAwarded', {}, { actor: {} })).toThrow(/corrupt metadata/);
  });
});
