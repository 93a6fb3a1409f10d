import { decodeStreamEvent, encodeEvent, memberStream } from '../../../event-schemas';
import { certificateCode } from '../../../server/seed/synthetic/certificate-codes';
import { memberHistory, type SyntheticMember } from '../../../server/seed/synthetic/member-history';
import { syntheticIds } from '../../../server/seed/synthetic/synthetic-ids';
import { testCatalogue as catalogue } from '../../support/synthetic-catalogue';

const NOW = '2026-11-26T20:00:00.000Z';

const members = (count: number, seed = 7): SyntheticMember[] => Array.from({ length: count }, (_, i) => memberHistory(catalogue, seed, i + 1, 100 + i, NOW));
const sample = members(2_000);

describe('a synthetic member’s history', () => {
  it('is the same for the same seed and member, and another for another seed', () => {
    expect(memberHistory(catalogue, 7, 42, 141, NOW)).toEqual(sample[41]);
    expect(memberHistory(catalogue, 8, 42, 141, NOW).events.map((e) => e.eventId)).not.toEqual(sample[41].events.map((e) => e.eventId));
  });

  it('averages ten or more events a member, most with a handful and some with a hundred or more', () => {
    const counts = sample.map((m) => m.events.length).sort((a, b) => a - b);
    expect(counts.reduce((a, b) => a + b, 0) / counts.length).toBeGreaterThanOrEqual(10);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(15);
    expect(counts.at(-1)).toBeGreaterThanOrEqual(100);
  });

  it('holds every kind of fact the programme writes', () => {
    const types = new Set(sample.flatMap((m) => m.events.map((e) => e.event.type)));
    for (const type of [
      'TreatmentRecorded',
      'TreatmentPointsComputed',
      'TreatmentProcessed',
      'PointsAwarded',
      'PointsRedeemed',
      'PointsExpired',
      'CertificateIssued',
      'CertificateStatusChanged',
      'CertificateRedeemedOnTreatment',
      'GiftCertificatesPurchased',
      'OrderPlaced',
      'SurveySubmitted',
    ])
      expect(types).toContain(type);
    // A few treatments of today wait for tonight's run.
    const recorded = sample.flatMap((m) => m.events.filter((e) => e.event.type === 'TreatmentRecorded').map((e) => e.stream));
    const processed = new Set(sample.flatMap((m) => m.events.filter((e) => e.event.type === 'TreatmentProcessed').map((e) => e.stream)));
    expect(recorded.filter((s) => !processed.has(s)).length).toBeGreaterThan(0);
  });

  it('writes each stream at consecutive revisions, in time order, up to now, every event valid for its codec and stream', () => {
    for (const m of sample.slice(0, 300)) {
      const next = new Map<string, number>();
      let last = '';
      for (const e of m.events) {
        expect(e.revision).toBe(next.get(e.stream) ?? 0);
        next.set(e.stream, e.revision + 1);
        expect(e.occurredAt >= last).toBe(true);
        expect(e.occurredAt <= NOW).toBe(true);
        last = e.occurredAt;
        const encoded = encodeEvent(e.eventId, e.event, {
          actor: e.actor,
          correlationId: e.correlationId,
          causationId: e.causationId,
          occurredAt: e.occurredAt,
        });
        expect(decodeStreamEvent(e.stream, encoded.type, encoded.data, encoded.metadata).event).toEqual(e.event);
      }
    }
  });

  it('never spends or expires more than a member holds, and never leaves an expired lot unexpired', () => {
    for (const m of sample) {
      const lots = new Map<string, { left: number; expires: string }>();
      for (const e of m.events.filter((x) => x.stream === memberStream(m.paxId))) {
        const ev = e.event;
        if (ev.type === 'PointsAwarded') lots.set(ev.data.lotId, { left: ev.data.amount, expires: ev.data.expirationDate });
        const spent = ev.type === 'PointsRedeemed' || ev.type === 'GiftCertificatesPurchased' ? ev.data.consumed : ev.type === 'PointsExpired' ? [ev.data] : [];
        for (const s of spent) {
          const lot = lots.get(s.lotId)!;
          lot.left -= s.amount;
          expect(lot.left).toBeGreaterThanOrEqual(0);
        }
      }
      for (const lot of lots.values()) if (lot.expires < '2026-11-25') expect(lot.left).toBe(0);
    }
  });

  it('uses a certificate on its own stream before the treatment naming it, once, and never expires a used one', () => {
    let used = 0;
    for (const m of sample) {
      const issued = new Map<string, string>();
      const usedBy = new Map<string, string>();
      const expired = new Set<string>();
      for (const e of m.events) {
        const ev = e.event;
        if (ev.type === 'CertificateIssued') issued.set(ev.data.code, ev.data.certificateId);
        if (ev.type === 'CertificateRedeemedOnTreatment') {
          expect(usedBy.has(ev.data.certificateId)).toBe(false);
          usedBy.set(ev.data.certificateId, ev.data.treatmentId);
        }
        if (ev.type === 'CertificateStatusChanged' && ev.data.to === 'EXPIRED') expired.add(ev.data.certificateId);
        if (ev.type === 'TreatmentRecorded')
          for (const r of ev.data.redeemedCertificates) {
            const id = issued.get(r.code)!;
            // Written before the treatment, naming it, as the intake route writes it.
            expect(usedBy.get(id)).toBe(ev.data.treatmentId);
            used += 1;
          }
      }
      for (const id of usedBy.keys()) expect(expired.has(id)).toBe(false);
    }
    expect(used).toBeGreaterThan(100);
  });

  it('has ids and certificate codes no other member or seed shares', () => {
    const ids = sample.flatMap((m) => m.events.map((e) => e.eventId));
    expect(new Set(ids).size).toBe(ids.length);
    const codes = new Set<string>();
    for (let n = 1; n <= 3_000; n++) for (let k = 0; k < 5; k++) codes.add(certificateCode(7, n, k));
    expect(codes.size).toBe(15_000);
    expect(certificateCode(7, 1, 0)).toMatch(/^[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{2}$/);
    const a = syntheticIds(1, 2);
    const b = syntheticIds(2, 1);
    const fromA = [a(), a()];
    expect(fromA[0]).not.toBe(fromA[1]);
    expect(fromA).not.toContain(b());
    expect(fromA[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
