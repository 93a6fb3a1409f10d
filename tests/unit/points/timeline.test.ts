import type { MemberEvent } from '../../../event-schemas';
import { memberTimeline, type HistoryEvent } from '../../../server/audit/timeline';
import { dateIn, endOfDateIn } from '../../../event-schemas/calendar';
import { certificateIssuedEventId } from '../../../server/certificates/issue-certificate';
import { awarded, CERT_ID, expired, redeemed } from './ledger-fixtures';

const at = (occurredAt: string, event: MemberEvent, n: number): HistoryEvent<MemberEvent> => ({
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
    expect(memberTimeline(history, 'America/Los_Angeles', '2026-02-28')).toEqual({ balanceAsOf: 0, events: [], asOfEndsAt: '2026-03-01T07:59:59.999Z' });
  });

  it.each([
    ['a winter day (UTC-8)', '2026-01-10', '2026-01-11T07:59:59.999Z'],
    ['a summer day (UTC-7)', '2026-04-15', '2026-04-16T06:59:59.999Z'],
    ['the 23-hour day clocks go forward', '2026-03-08', '2026-03-09T06:59:59.999Z'],
    ['the 25-hour day clocks go back', '2026-11-01', '2026-11-02T07:59:59.999Z'],
    ['the last day of a year', '2026-12-31', '2027-01-01T07:59:59.999Z'],
  ])('says where the replay ends: %s in Los Angeles', (_, asOf, endsAt) => {
    expect(memberTimeline(history, 'America/Los_Angeles', asOf).asOfEndsAt).toBe(endsAt);
  });

  it('ends each date of 2026 on its last millisecond in zones whose clocks jump at midnight, half hours or not at all', () => {
    const zones = ['America/Los_Angeles', 'America/Havana', 'America/Santiago', 'America/Asuncion', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    const wrong: string[] = [];
    for (const zone of zones)
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        const end = endOfDateIn(zone, date).getTime();
        if (dateIn(zone, new Date(end)) !== date || dateIn(zone, new Date(end + 1)) <= date) wrong.push(`${zone} ${date}`);
      }
    expect(wrong).toEqual([]);
    // Havana's clocks go from 00:00 to 01:00 on 8 March 2026: the 7th ends at 05:00 UTC, not an hour before.
    expect(endOfDateIn('America/Havana', '2026-03-07').toISOString()).toBe('2026-03-08T04:59:59.999Z');
  });

  it('says where the replay ends in other zones too, and not at all without asOf', () => {
    expect(memberTimeline(history, 'UTC', '2026-03-20').asOfEndsAt).toBe('2026-03-20T23:59:59.999Z');
    expect(memberTimeline(history, 'Asia/Kolkata', '2026-03-20').asOfEndsAt).toBe('2026-03-20T18:29:59.999Z');
    expect(memberTimeline(history, 'America/Los_Angeles')).not.toHaveProperty('asOfEndsAt');
  });
});

describe('certificate issued event id', () => {
  it('is a stable UUID v5 derived from the certificate, so a second write is recognised as a repeat', () => {
    expect(certificateIssuedEventId(CERT_ID)).toBe(certificateIssuedEventId(CERT_ID));
    expect(certificateIssuedEventId(CERT_ID)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(certificateIssuedEventId(CERT_ID)).not.toBe(certificateIssuedEventId('another'));
  });
});

describe('when the record changed between events (issue 54, item 4)', () => {
  const change = (occurredAt: string, n: number) => ({
    type: 'PhoneAdded',
    data: { action: 'phone-added', description: `change ${n}` },
    actor: { kind: 'admin-as-participant' as const, adminId: 1, paxId: 2 },
    occurredAt,
    position: `audit-${n}`,
  });

  it('places each change after the last event at or before its time, with the balance that event left', () => {
    const t = memberTimeline(
      history,
      'America/Los_Angeles',
      undefined,
      [],
      [change('2026-03-10T17:00:00.000Z', 1), change('2026-02-01T00:00:00.000Z', 2), change('2026-04-01T00:00:00.000Z', 3)],
    );
    const label = (p: string) => (p.startsWith('audit-') ? p : `e${Number(p.split('-')[1])}`);
    expect(t.events.map((e) => [label(e.position), e.balanceAfter])).toEqual([
      ['audit-2', 0],
      ['e1', 500],
      ['e2', 300],
      ['audit-1', 300],
      ['e3', 350],
      ['e4', 50],
      ['audit-3', 50],
    ]);
  });

  it('with asOf, leaves out the changes after that programme date', () => {
    const t = memberTimeline(history, 'America/Los_Angeles', '2026-03-20', [], [change('2026-03-21T05:30:00.000Z', 1), change('2026-03-21T08:00:00.000Z', 2)]);
    expect(t.events.map((e) => e.position).filter((p) => p.startsWith('audit-'))).toEqual(['audit-1']);
  });
});
