import { adoptProgrammeTimeZone, programmeToday } from '../../client/src/lib/programme-calendar';
import { bonusLine } from '../../client/src/features/wallet/components/bonus-points';
import { birthDateCheck, birthDateWords } from '../../client/src/lib/member-fields';
import { DEFAULT_PROGRAMME_TIME_ZONE } from '../../event-schemas/calendar';

// 23:30 Pacific on Thursday 26 November 2026: already 07:30 on the 27th in UTC.
const LATE_EVENING_PACIFIC = new Date('2026-11-27T07:30:00.000Z');

describe('the client’s today at 23:30 Pacific', () => {
  beforeEach(() => jest.useFakeTimers({ now: LATE_EVENING_PACIFIC }));
  afterEach(() => {
    jest.useRealTimers();
    adoptProgrammeTimeZone(DEFAULT_PROGRAMME_TIME_ZONE);
  });

  it('is still the programme’s day, not UTC’s tomorrow', () => {
    expect(programmeToday()).toBe('2026-11-26');
    expect(LATE_EVENING_PACIFIC.toISOString().slice(0, 10)).toBe('2026-11-27');
  });

  it('follows the zone /client-config names', () => {
    adoptProgrammeTimeZone('America/New_York');
    expect(programmeToday()).toBe('2026-11-27');
    adoptProgrammeTimeZone('Pacific/Honolulu');
    expect(programmeToday()).toBe('2026-11-26');
  });

  it('does not call a bonus expiring today expired before the day ends', () => {
    const award = { lotId: 'l', description: 'Welcome bonus', amount: 100, remaining: 0, expirationDate: '2026-11-26', awardedAt: '2025-11-26T10:00:00Z' };
    expect(bonusLine(award)).toBe('Welcome bonus: 100 points, all used');
  });

  it('does not let someone join a day before their eighteenth birthday', () => {
    expect(birthDateCheck('11/27/2008')).toBe(false);
    expect(birthDateWords('11/27/2008')).toBe('You must be at least 18 years old to join');
    expect(birthDateCheck('11/26/2008')).toBe(true);
  });
});
