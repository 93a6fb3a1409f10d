import { toCsv } from '../../../client/src/lib/csv';
import { firstDayBefore, firstDayOfMonthsEnding, monthEnds, monthLabel } from '../../../client/src/features/insights/insight-dates';

describe('when the liability is drawn at month ends', () => {
  it('takes the last day of each earlier month (leap February included) and the as-of day itself last', () => {
    expect(monthEnds('2024-03-15', 4)).toEqual(['2023-12-31', '2024-01-31', '2024-02-29', '2024-03-15']);
    expect(monthEnds('2025-01-01', 2)).toEqual(['2024-12-31', '2025-01-01']);
    expect(monthEnds('2025-01-01', 1)).toEqual(['2025-01-01']);
  });

  it('starts the flow at the first day of the month eleven months back, across a year', () => {
    expect(firstDayBefore('2025-03-31', 11)).toBe('2024-04-01');
    expect(monthLabel('2024-02')).toBe('Feb 2024');
    expect(monthLabel('2024-12-31')).toBe('Dec 2024');
  });
});

describe('when the rates count the last 12 months (issue 54, item 7)', () => {
  it('starts the day after the same date a year before, not at a month’s first day', () => {
    expect(firstDayOfMonthsEnding('2026-12-02', 12)).toBe('2025-12-03');
    expect(firstDayOfMonthsEnding('2026-12-31', 12)).toBe('2026-01-01');
    expect(firstDayOfMonthsEnding('2028-02-29', 12)).toBe('2027-03-01');
  });
});

describe('when a table is downloaded', () => {
  it('writes RFC 4180 CSV: quoted fields where a comma, quote or line break needs it, CRLF lines', () => {
    expect(
      toCsv(
        ['Promotion', 'Points'],
        [
          ['Glow, "spring"', 1200],
          ['Plain', -5],
        ],
      ),
    ).toBe('Promotion,Points\r\n"Glow, ""spring""",1200\r\nPlain,-5\r\n');
  });
});
