import {
  endOfDayUtc,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatPhone,
  formatPostalCode,
  parseUsDate,
  reorderDashDate,
  startOfDayUtc,
} from '../../client/src/lib/format';
import { allFilled, dateRangeErrors, isEmail, isLettersOnly, isPhone, isPostalCode } from '../../client/src/lib/validation';

describe('formats', () => {
  it('shows an instant as MM/DD/YYYY with its time of day (audit trails)', () => {
    expect(formatDateTime('2026-04-05T19:02:40.000Z', 'UTC')).toBe('04/05/2026, 7:02 PM');
    expect(formatDateTime('2026-01-01T03:00:00.000Z', 'America/Los_Angeles')).toBe('12/31/2025, 7:00 PM');
    expect(formatDateTime('nonsense')).toBe('');
  });
  it('shows dates as MM/DD/YYYY in UTC', () => {
    expect(formatDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDate('2026-03-07T23:30:00-08:00')).toBe('03/08/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 1)))).toBe('01/01/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate('nonsense')).toBe('');
  });
  it('reorders dash dates and reads typed ones', () => {
    expect(reorderDashDate('2026-12-31')).toBe('12-31-2026');
    expect(parseUsDate('02/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/30/2024')).toBeNull();
    expect(parseUsDate('2024-02-01')).toBeNull();
    expect(startOfDayUtc('2026-01-02')).toBe('2026-01-02T00:00:00.000Z');
    expect(endOfDayUtc('2026-01-02')).toBe('2026-01-02T23:59:59.999Z');
  });
  it('formats phones 3-3-4 and ZIP codes 5 or 5+4', () => {
    expect(formatPhone('9495550142')).toBe('(949) 555-0142');
    expect(formatPhone('1-949-555-0142')).toBe('(949) 555-0142');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPostalCode('926121234')).toBe('92612-1234');
    expect(formatPostalCode('92612')).toBe('92612');
  });
  it('shows at least two decimals', () => {
    expect(formatDecimal(5)).toBe('5.00');
    expect(formatDecimal(2.5)).toBe('2.50');
    expect(formatDecimal(2.125)).toBe('2.125');
    expect(formatDecimal(1234)).toBe('1,234.00');
  });
});

describe('validation', () => {
  it('checks e-mail, phone, ZIP and names', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isPhone('949-555-0142')).toBe(true);
    expect(isPhone('(949) 555-0142')).toBe(true);
    expect(isPhone('555-0142')).toBe(false);
    expect(isPostalCode('92612')).toBe(true);
    expect(isPostalCode('92612-1234')).toBe(true);
    expect(isPostalCode('926121234')).toBe(false);
    expect(isPostalCode('9261')).toBe(false);
    expect(isLettersOnly("Anne-Marie O'Neil")).toBe(true);
    expect(isLettersOnly('R2D2')).toBe(false);
  });
  it('knows when all values are filled', () => {
    expect(allFilled(['a', 1, true])).toBe(true);
    expect(allFilled(['a', ''])).toBe(false);
    expect(allFilled([false])).toBe(false);
    expect(allFilled([null])).toBe(false);
  });
  it('gives the date filter messages', () => {
    expect(dateRangeErrors(null, '2026-01-01')).toEqual({ start: 'Please enter a date' });
    expect(dateRangeErrors('2026-02-01', '2026-01-01')).toEqual({
      start: 'Start date cannot be after the end date',
      end: 'End date cannot be before the start date',
    });
    expect(dateRangeErrors('2026-01-01', '2026-01-01')).toEqual({});
  });
});
