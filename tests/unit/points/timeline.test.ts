import type { DomainEvent } from '../../../event-schemas';
import { memberTimeline, type HistoryEvent } from '../../../server/audit/timeline';
import { certificateIssuedEventId } from '../../../server/certificates/issue-certificate';
import { awarded, CERT_ID, expired, redeemed } from './ledger-fixtures';

const at = (occurredAt: string, event: DomainEvent, n: number): HistoryEvent => ({
  event,
  metadata: { actor: { kind: 'system', job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt, schemaVersion: 1 },
  position: { major: 1n, minor: BigInt(n) },
});

const history = [
  at('2026-03-01T17:00:00.000Z', awarded('a', 500, '2026-03-20'), 1),
  at('2026-03-10T17:00:00.000Z', redeemed(200, [{ lotId: 'a', amount: 200 }]), 2),
  // 05:30 UTC on the 21st is still the 20th in Los Angeles.
  at('2026-03-21T05:30:00.000Z', awarded('b', 50, '2027-01-01'), 3),
  at('2026-03-22T09:00:00.000Z', expired('a', 300, '2026-03-20'), 4),
];

describe('member timeline', () => {
  it('states the balance after every event', () => {
    const t = memberTimeline(history, 'America/Los_Angeles');
    expect(t.events.map((e) => [e.type, e.balanceAfter])).toEqual([
      ['PointsAwarded', 500],
      ['PointsRedeemed', 300],
      ['PointsAwarded', 350],
      ['PointsExpired', 50],
    ]);
    expect(t.balanceAsOf).toBe(50);
  });

  it('with asOf, replays only up to the end of that programme date', () => {
    const t = memberTimeline(history, 'America/Los_Angeles', '2026-03-20');
    expect(t.balanceAsOf).toBe(350);
    expect(t.events).toHaveLength(3);
    expect(memberTimeline(history, 'America/Los_Angeles', '2026-02-28')).toEqual({ balanceAsOf: 0, events: [] });
  });
});

describe('certificate issued event id', () => {
  it('is a stable UUID v5 derived from the certificate, so a second write is recognised as a repeat', () => {
    expect(certificateIssuedEventId(CERT_ID)).toBe(certificateIssuedEventId(CERT_ID));
    expect(certificateIssuedEventId(CERT_ID)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(certificateIssuedEventId(CERT_ID)).not.toBe(certificateIssuedEventId('another'));
  });
});
