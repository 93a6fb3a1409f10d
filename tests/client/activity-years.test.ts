import { yearsBack, yearsOfMembership } from '../../client/src/features/activity-summary/activity-filter';
import { adoptProgrammeTimeZone } from '../../client/src/lib/programme-calendar';
import { DEFAULT_PROGRAMME_TIME_ZONE } from '../../event-schemas/calendar';

// 23:30 Pacific on New Year's Eve 2026: already 07:30 on 1 January 2027 in UTC.
const NEW_YEARS_EVE_LATE = new Date('2027-01-01T07:30:00.000Z');

describe('the activity page’s years', () => {
  afterEach(() => adoptProgrammeTimeZone(DEFAULT_PROGRAMME_TIME_ZONE));

  it('start at the programme’s year, not UTC’s, late on New Year’s Eve', () => {
    expect(yearsBack(NEW_YEARS_EVE_LATE)).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(yearsBack(NEW_YEARS_EVE_LATE, 2)).toEqual([2026, 2025]);
  });

  it('follow the zone /client-config names', () => {
    adoptProgrammeTimeZone('Europe/Berlin');
    expect(yearsBack(NEW_YEARS_EVE_LATE, 1)).toEqual([2027]);
  });
});

describe('the Year filter’s years (issue 54, item 16)', () => {
  afterEach(() => adoptProgrammeTimeZone(DEFAULT_PROGRAMME_TIME_ZONE));

  it('offers no year before the member joined, and the five years back while the joining date is unknown', () => {
    expect(yearsOfMembership(NEW_YEARS_EVE_LATE, '2024-03-10')).toEqual([2026, 2025, 2024]);
    expect(yearsOfMembership(NEW_YEARS_EVE_LATE, '2026-12-31')).toEqual([2026]);
    expect(yearsOfMembership(NEW_YEARS_EVE_LATE, '2015-01-01')).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(yearsOfMembership(NEW_YEARS_EVE_LATE, null)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});
