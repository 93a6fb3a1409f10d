import { dateIn } from '../../../event-schemas/calendar';
import { programmeDays } from '../../../projections/event-days';
import type { ProjectedEvent } from '../../../projections/projection';

// Read models sharing one projected event date it once: the first keeps the day in the event's slot, the others read
// it. The day must be the programme day of the event's instant whoever worked it out, in whichever time zone.
const LA = 'America/Los_Angeles';
const eventAt = (occurredAt: string, withSlot: boolean): ProjectedEvent =>
  ({
    event: { type: 'PointsAwarded', data: {} },
    metadata: { occurredAt },
    streamName: 'member-1',
    revision: 0,
    position: { major: 1n, minor: 1n },
    eventId: 'e1',
    ...(withSlot ? { day: { zone: undefined, day: undefined } } : {}),
  }) as unknown as ProjectedEvent;

describe('programme days of events', () => {
  // 06:30 UTC is still the evening before in Los Angeles, already the day in Tokyo.
  const instant = '2025-03-10T06:30:00.000Z';

  it('works an event out once and keeps it in the event for the next read model', () => {
    const e = eventAt(instant, true);
    expect(programmeDays(LA).ofEvent(e)).toBe('2025-03-09');
    expect(e.day).toEqual({ zone: LA, day: '2025-03-09' });
    // The next read model finds it kept: a day changed in the slot is what it reads (it did not work it out again).
    e.day!.day = 'kept';
    expect(programmeDays(LA).ofEvent(e)).toBe('kept');
  });

  it('works it out again in another time zone, and keeps that one', () => {
    const e = eventAt(instant, true);
    expect(programmeDays(LA).ofEvent(e)).toBe('2025-03-09');
    expect(programmeDays('Asia/Tokyo').ofEvent(e)).toBe('2025-03-10');
    expect(e.day).toEqual({ zone: 'Asia/Tokyo', day: '2025-03-10' });
  });

  it('dates an event without a slot each time, and leaves it as it was (frozen, it would throw)', () => {
    const e = Object.freeze(eventAt(instant, false));
    expect(programmeDays(LA).ofEvent(e)).toBe('2025-03-09');
    expect(programmeDays(LA).ofEvent(e)).toBe('2025-03-09');
    expect('day' in e).toBe(false);
  });

  it('agrees with the programme date of the instant across a day of events and a clock change', () => {
    const days = programmeDays(LA);
    for (let ms = Date.UTC(2025, 2, 9, 0, 0); ms <= Date.UTC(2025, 2, 10, 12, 0); ms += 7 * 60_000) {
      const iso = new Date(ms).toISOString();
      expect([iso, days.ofEvent(eventAt(iso, true))]).toEqual([iso, dateIn(LA, new Date(ms))]);
      expect([iso, days.ofInstant(iso)]).toEqual([iso, dateIn(LA, new Date(ms))]);
    }
  });
});
