import { dueRunDates, latestDueRunDate, localClock } from '../../../server/treatments/nightly-schedule';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('the nightly treatment job’s clock', () => {
  describe('on an ordinary day', () => {
    it('is not due for today before 11:59 pm Pacific, and is at 11:59 pm', () => {
      // 2026-05-01 23:58 PDT = 06:58Z next day.
      expect(latestDueRunDate(at('2026-05-02T06:58:00Z'), LA)).toBe('2026-04-30');
      expect(latestDueRunDate(at('2026-05-02T06:59:00Z'), LA)).toBe('2026-05-01');
    });
  });

  describe('on 2026-03-08, when clocks spring forward (a 23-hour day)', () => {
    it('reads the local wall clock, not UTC plus a fixed offset', () => {
      // 01:59 PST is 09:59Z; one minute later it is 03:00 PDT.
      expect(localClock(at('2026-03-08T09:59:00Z'), LA)).toEqual({ date: '2026-03-08', minuteOfDay: 1 * 60 + 59 });
      expect(localClock(at('2026-03-08T10:00:00Z'), LA)).toEqual({ date: '2026-03-08', minuteOfDay: 3 * 60 });
    });

    it('is due at 11:59 pm PDT (06:59Z), an hour earlier in UTC than the night before', () => {
      expect(latestDueRunDate(at('2026-03-08T07:59:00Z'), LA)).toBe('2026-03-07'); // 2026-03-07 23:59 PST
      expect(latestDueRunDate(at('2026-03-09T06:58:00Z'), LA)).toBe('2026-03-07');
      expect(latestDueRunDate(at('2026-03-09T06:59:00Z'), LA)).toBe('2026-03-08');
    });

    it('runs each calendar date exactly once across the short day', () => {
      expect(dueRunDates(at('2026-03-09T07:30:00Z'), LA, '2026-03-07')).toEqual(['2026-03-08']);
      expect(dueRunDates(at('2026-03-09T08:30:00Z'), LA, '2026-03-08')).toEqual([]);
    });
  });

  describe('on 2026-11-01, when clocks fall back (a 25-hour day)', () => {
    it('sees 1:30 am twice without changing the date', () => {
      expect(localClock(at('2026-11-01T08:30:00Z'), LA)).toEqual({ date: '2026-11-01', minuteOfDay: 90 }); // PDT
      expect(localClock(at('2026-11-01T09:30:00Z'), LA)).toEqual({ date: '2026-11-01', minuteOfDay: 90 }); // PST
    });

    it('is due at 11:59 pm PST (07:59Z), not 24 hours after the previous run', () => {
      // The previous night ran at 2026-10-31 23:59 PDT = 06:59Z on 11-01; 24 h later is only 22:59 PST.
      expect(latestDueRunDate(at('2026-11-02T06:59:00Z'), LA)).toBe('2026-10-31');
      expect(latestDueRunDate(at('2026-11-02T07:58:00Z'), LA)).toBe('2026-10-31');
      expect(latestDueRunDate(at('2026-11-02T07:59:00Z'), LA)).toBe('2026-11-01');
      expect(dueRunDates(at('2026-11-02T07:59:00Z'), LA, '2026-10-31')).toEqual(['2026-11-01']);
    });
  });

  describe('after the server was down', () => {
    it('catches up every missed date in order, across a daylight-saving change', () => {
      expect(dueRunDates(at('2026-03-10T08:00:00Z'), LA, '2026-03-06')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    });

    it('starts with only the newest due date when it never ran', () => {
      expect(dueRunDates(at('2026-03-10T08:00:00Z'), LA, null)).toEqual(['2026-03-09']);
    });

    it('runs nothing for a date already run', () => {
      expect(dueRunDates(at('2026-03-10T08:00:00Z'), LA, '2026-03-09')).toEqual([]);
    });
  });
});
