import { addMonths, dateIn } from '../../../event-schemas/calendar';
import { monthsAfter, programmeToday } from '../../../server/points/award-dates';

describe('the award path’s kept dates', () => {
  it('answers dateIn’s today at every quarter hour of a year, across both daylight-saving turns, in two zones', () => {
    const start = Date.UTC(2026, 0, 1);
    for (const zone of ['America/Los_Angeles', 'Australia/Lord_Howe']) {
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 900_000) {
        const now = new Date(ms);
        expect(programmeToday(zone, now)).toBe(dateIn(zone, now));
      }
    }
  });

  it('answers dateIn’s today a millisecond either side of midnight in the zone', () => {
    const midnight = Date.UTC(2026, 2, 8, 8); // 2026-03-08 00:00 in Los Angeles (PST, before the turn at 02:00)
    expect(programmeToday('America/Los_Angeles', new Date(midnight - 1))).toBe('2026-03-07');
    expect(programmeToday('America/Los_Angeles', new Date(midnight))).toBe('2026-03-08');
  });

  it('answers addMonths for a run of dates and month counts, asked again and in turns', () => {
    const froms = ['2024-01-31', '2024-02-29', '2025-12-31', '2026-03-30', '2026-08-31'];
    for (const months of [0, 1, 12, 13, -1, 24])
      for (const from of froms) {
        expect(monthsAfter(from, months)).toBe(addMonths(from, months));
        expect(monthsAfter(from, months)).toBe(addMonths(from, months));
      }
  });
});
