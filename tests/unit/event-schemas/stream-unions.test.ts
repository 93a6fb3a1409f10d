import { allStreamEvents, decodeStreamEvent, encodeEvent, PointsAwarded, streamCategories } from '../../../event-schemas';
import { readModels } from '../../../projections/registry';

const award = PointsAwarded.of({
  paxId: 7,
  lotId: 'lot-1',
  amount: 100,
  description: 'Welcome',
  source: 'ADMIN',
  expirationDate: '2027-01-01',
  idempotencyKey: null,
});
const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-11-24T10:00:00.000Z' };

describe('one event union per stream category', () => {
  it('puts every event type in exactly one stream category', () => {
    const types = allStreamEvents.flatMap((s) => [...s.types]);
    expect(new Set(types).size).toBe(types.length);
  });

  it('names only stream categories that exist', () => {
    for (const s of allStreamEvents) expect(streamCategories).toContain(s.category);
  });

  describe('when an event is read back', () => {
    const stored = encodeEvent('e1', award, meta);
    it('decodes from its own stream', () => {
      expect(decodeStreamEvent('member-7', stored.type, stored.data, stored.metadata).event).toEqual(award);
    });
    it('refuses it from another category’s stream, as corruption', () => {
      expect(() => decodeStreamEvent('certificate-0b8f', stored.type, stored.data, stored.metadata)).toThrow(
        'PointsAwarded belongs to member streams, not certificate-0b8f',
      );
    });
  });

  it('lets every read model consume only types that exist, and at least one', () => {
    const known = new Set(allStreamEvents.flatMap((s) => [...s.types]));
    for (const p of readModels({ timeZone: 'UTC' })) {
      expect(p.consumes.size).toBeGreaterThan(0);
      for (const type of p.consumes) expect(known).toContain(type);
    }
  });
});
