import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  addDays,
  addDaysByDayjs,
  addDaysToInstant,
  addMonths,
  addYears,
  addYearsRollingLeapDay,
  canonicalInstantMs,
  dateIn,
  daysBetween,
  endOfDateIn,
  endOfMonth,
  isCalendarDate,
  isUtcInstant,
  periodKey,
  ProgrammeDates,
  startOfMonth,
  startOfMonthBefore,
  usDate,
  utcDateOf,
  wallClockIn,
  zoneOffsetMinutes,
} from '../../../event-schemas/calendar';

const ROOT = path.resolve(__dirname, '../../..');
const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('the calendar: months', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-08-31', 1, '2025-09-30'],
    ['2025-01-31', 13, '2026-02-28'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2024-02-29', 12, '2025-02-28'],
  ])('%s + %i months is %s (kept inside the target month)', (from, months, to) => expect(addMonths(from, months)).toBe(to));

  it('knows where each month starts and ends, leap Februaries included', () => {
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonth('2025-02-10')).toBe('2025-02-28');
    expect(endOfMonth('2100-02-01')).toBe('2100-02-28');
    expect(endOfMonth('2026-12-31')).toBe('2026-12-31');
    expect(startOfMonth('2026-11-27')).toBe('2026-11-01');
    expect(startOfMonthBefore('2026-03-31', 11)).toBe('2025-04-01');
    expect(startOfMonthBefore('2026-01-05', 1)).toBe('2025-12-01');
    expect(periodKey('2026-11-27')).toBe('2026-11');
  });

  it('moves years: Feb 29 clamps to Feb 28, or rolls to Mar 1 where a Date’s setUTCFullYear would', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYearsRollingLeapDay('2024-02-29', 1)).toBe('2025-03-01');
    expect(addYearsRollingLeapDay('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYearsRollingLeapDay('2025-06-30', 1)).toBe('2026-06-30');
    // dayjs's own parser reads years 0-99 as 19xx; the calendar keeps them as written.
    expect(addYears('0099-01-01', 120)).toBe('0219-01-01');
    expect(addYears('2025-06-15', -2000)).toBe('0025-06-15');
  });
});

describe('the calendar: days', () => {
  it('counts calendar days across month, year and daylight-saving changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-09')).toBe(8);
    expect(daysBetween('2026-11-09', '2026-11-01')).toBe(-8);
  });

  it('has a native addDays that answers exactly as dayjs does', () => {
    for (let date = '2023-12-01'; date <= '2025-01-31'; date = addDaysByDayjs(date, 1)) {
      for (const days of [-400, -31, -1, 0, 1, 29, 90, 365, 366]) expect([date, days, addDays(date, days)]).toEqual([date, days, addDaysByDayjs(date, days)]);
    }
  });

  it('tells real dates from impossible ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  it('writes dates as the member spec shows them', () => expect(usDate('2026-01-05')).toBe('01/05/2026'));
});

describe('the calendar: reading dates and instants digit by digit', () => {
  // What the checks were before they read digits (a regular expression and a Date round trip), for comparison.
  const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
  const calendarDateByDate = (s: string): boolean => {
    const m = DATE_RE.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
    return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
  };
  const instantByParse = (s: string) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(s) && !Number.isNaN(Date.parse(s));
  /** Strings near the forms: every day of some years (leap rules included), and each character of a few forms varied. */
  const near = (): string[] => {
    const out: string[] = [];
    for (const year of ['0000', '0024', '0099', '0100', '1600', '1900', '2000', '2024', '2025', '2100', '9999'])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) out.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    const forms = ['2024-02-29', '2026-11-27T07:59:59.999Z', '2026-11-27T07:59:59Z', '2026-11-27T07:59:59.9Z'];
    for (const form of forms)
      for (let i = 0; i < form.length; i++)
        for (const c of ['0', '9', '-', ':', '.', 'T', 'Z', 'a', ' ', '٣', '']) out.push(form.slice(0, i) + c + form.slice(i + 1));
    for (const date of out.slice(0, 11 * 14 * 33))
      for (const time of ['T00:00:00.000Z', 'T23:59:59.999Z', 'T24:00:00.000Z', 'T12:60:00.000Z', 'T12:00:60.000Z', 'T12:00:00Z', 'T12:00:00.000+01:00'])
        out.push(date + time);
    return out;
  };

  it('finds the same real dates as the Date round trip did', () => {
    const differing = near().filter((s) => isCalendarDate(s) !== calendarDateByDate(s));
    expect(differing).toEqual([]);
  });

  it('finds the same instants as Date.parse did', () => {
    const strings = near();
    const differing = strings.filter((s) => isUtcInstant(s) !== instantByParse(s));
    expect(differing).toEqual([]);
    // The comparison covered both answers, many times each.
    expect(strings.filter(isUtcInstant).length).toBeGreaterThan(1000);
    expect(strings.filter((s) => !isUtcInstant(s)).length).toBeGreaterThan(1000);
  });
});

describe('the calendar: instants and zones', () => {
  it('dates 23:30 Pacific as the programme’s day, while UTC is already on the next', () => {
    const lateEvening = at('2026-11-27T07:30:00Z');
    expect(dateIn(LA, lateEvening)).toBe('2026-11-26');
    expect(utcDateOf(lateEvening)).toBe('2026-11-27');
    expect(wallClockIn(LA, lateEvening)).toEqual({ date: '2026-11-26', minuteOfDay: 23 * 60 + 30 });
  });

  it('follows Los Angeles into daylight time in March (a 23-hour day)', () => {
    expect(zoneOffsetMinutes(LA, at('2026-03-08T09:59:00Z'))).toBe(-480);
    expect(zoneOffsetMinutes(LA, at('2026-03-08T10:00:00Z'))).toBe(-420);
    expect(wallClockIn(LA, at('2026-03-08T09:59:00Z'))).toEqual({ date: '2026-03-08', minuteOfDay: 1 * 60 + 59 });
    expect(wallClockIn(LA, at('2026-03-08T10:00:00Z'))).toEqual({ date: '2026-03-08', minuteOfDay: 3 * 60 });
    expect(endOfDateIn(LA, '2026-03-07').toISOString()).toBe('2026-03-08T07:59:59.999Z');
    expect(endOfDateIn(LA, '2026-03-08').toISOString()).toBe('2026-03-09T06:59:59.999Z');
    expect(endOfDateIn(LA, '2026-03-08').getTime() - endOfDateIn(LA, '2026-03-07').getTime()).toBe(23 * HOUR);
  });

  it('follows Los Angeles back to standard time in November (a 25-hour day, 1:30 am twice)', () => {
    expect(zoneOffsetMinutes(LA, at('2026-11-01T08:30:00Z'))).toBe(-420);
    expect(zoneOffsetMinutes(LA, at('2026-11-01T09:30:00Z'))).toBe(-480);
    expect(wallClockIn(LA, at('2026-11-01T08:30:00Z'))).toEqual({ date: '2026-11-01', minuteOfDay: 90 });
    expect(wallClockIn(LA, at('2026-11-01T09:30:00Z'))).toEqual({ date: '2026-11-01', minuteOfDay: 90 });
    expect(endOfDateIn(LA, '2026-10-31').toISOString()).toBe('2026-11-01T06:59:59.999Z');
    expect(endOfDateIn(LA, '2026-11-01').toISOString()).toBe('2026-11-02T07:59:59.999Z');
    expect(endOfDateIn(LA, '2026-11-01').getTime() - endOfDateIn(LA, '2026-10-31').getTime()).toBe(25 * HOUR);
  });

  it('ends a day in Havana, whose clocks skip midnight, when the next date begins at 01:00', () => {
    const end = endOfDateIn('America/Havana', '2026-03-07');
    expect(end.toISOString()).toBe('2026-03-08T04:59:59.999Z');
    expect(dateIn('America/Havana', end)).toBe('2026-03-07');
    expect(dateIn('America/Havana', new Date(end.getTime() + 1))).toBe('2026-03-08');
    expect(wallClockIn('America/Havana', end)).toEqual({ date: '2026-03-07', minuteOfDay: 23 * 60 + 59 });
    expect(wallClockIn('America/Havana', new Date(end.getTime() + 1))).toEqual({ date: '2026-03-08', minuteOfDay: 60 });
  });

  it('ends every day on its last millisecond, in zones east and west', () => {
    for (const zone of [LA, 'America/Havana', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      for (const date of ['2026-03-07', '2026-03-08', '2026-04-05', '2026-10-04', '2026-11-01', '2026-12-31']) {
        const end = endOfDateIn(zone, date);
        expect([zone, date, dateIn(zone, end), dateIn(zone, new Date(end.getTime() + 1))]).toEqual([zone, date, date, addDays(date, 1)]);
      }
    }
  });

  it('reads the programme’s wall clock the same whatever the host’s own zone', () => {
    // 01:30 Pacific on 29 March 2026 is a time London's clocks skip that night: a reading re-parsed in the host's zone
    // (as dayjs's tz() does) slips to 02:30 there. A child process, as TZ is read when a process starts.
    const script = [
      "import { dateIn, wallClockIn } from './event-schemas/calendar.ts';",
      "const at = new Date('2026-03-29T08:30:00Z');",
      "console.log(JSON.stringify({ host: Intl.DateTimeFormat().resolvedOptions().timeZone, clock: wallClockIn('America/Los_Angeles', at), date: dateIn('America/Los_Angeles', at) }));",
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, TZ: 'Europe/London' },
    });
    expect(JSON.parse(out.toString())).toEqual({ host: 'Europe/London', clock: { date: '2026-03-29', minuteOfDay: 90 }, date: '2026-03-29' });
  });

  it('moves instants by whole days of 24 hours', () => {
    expect(addDaysToInstant(at('2026-03-07T10:00:00Z'), 7).toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(addDaysToInstant(at('2026-03-07T10:00:00Z'), -365).toISOString()).toBe('2025-03-07T10:00:00.000Z');
  });
});

describe('the calendar: ProgrammeDates, dateIn for a rebuild', () => {
  // Zones east and west, with quarter-hour offsets (Kathmandu, Chatham), a half-hour daylight shift
  // (Lord Howe), clocks that skip midnight (Havana, Santiago), a day skipped for the date line (Apia, 2011-12-30) and UTC.
  const ZONES = [LA, 'America/Havana', 'America/Santiago', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Apia', 'UTC'];

  it('answers as dateIn every 1 h 23 min 7 s over both seasons’ clock changes (2011-12 south, 2026 north), and on both sides of every turn', () => {
    for (const zone of ZONES) {
      const dates = new ProgrammeDates(zone);
      for (const [from, to] of [
        ['2011-09-15T00:00:00Z', '2012-04-15T00:00:00Z'],
        ['2026-03-01T00:00:00Z', '2026-11-15T00:00:00Z'],
      ]) {
        let previous: string | undefined;
        for (let ms = Date.parse(from); ms < Date.parse(to); ms += 4_987_000) {
          const expected = dateIn(zone, new Date(ms));
          const got = dates.dateAt(ms);
          if (got !== expected) throw new Error(`${zone} at ${new Date(ms).toISOString()}: ${got}, dateIn says ${expected}`);
          // Where the date turned since the last sample, the millisecond it turned is checked too.
          if (previous !== undefined && previous !== got) {
            let lo = ms - 4_987_000;
            let hi = ms;
            while (hi - lo > 1) {
              const mid = Math.floor((lo + hi) / 2);
              if (dateIn(zone, new Date(mid)) === previous) lo = mid;
              else hi = mid;
            }
            expect([dates.dateAt(lo), dates.dateAt(hi)]).toEqual([dateIn(zone, new Date(lo)), dateIn(zone, new Date(hi))]);
          }
          previous = got;
        }
      }
    }
  });

  it('reads an ISO instant as Date.parse does: toISOString’s form digit by digit, any other form through Date.parse', () => {
    // Every 7 h 13 min 17.123 s across four centuries' leap rules (1600, 1900, 2000, 2100) and the epoch.
    for (const [from, to] of [
      ['1599-12-25T00:00:00Z', '1600-03-05T00:00:00Z'],
      ['1899-12-25T00:00:00Z', '1900-03-05T00:00:00Z'],
      ['1969-12-25T00:00:00Z', '1970-01-05T00:00:00Z'],
      ['1999-12-25T00:00:00Z', '2000-03-05T00:00:00Z'],
      ['2023-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
      ['2099-12-25T00:00:00Z', '2100-03-05T00:00:00Z'],
    ])
      for (let ms = Date.parse(from); ms < Date.parse(to); ms += 25_997_123) {
        const iso = new Date(ms).toISOString();
        if (canonicalInstantMs(iso) !== ms) throw new Error(`${iso}: ${canonicalInstantMs(iso)}, Date.parse says ${ms}`);
      }
    expect(canonicalInstantMs('2024-02-29T23:59:59.999Z')).toBe(Date.parse('2024-02-29T23:59:59.999Z'));
    // Other forms and impossible fields are not read here (Date.parse decides).
    for (const other of [
      '2024-02-29T10:00:00Z',
      '2024-02-29T10:00:00.000+02:00',
      '2025-02-29T10:00:00.000Z',
      '2024-13-01T10:00:00.000Z',
      '2024-01-01T24:00:00.000Z',
      '2024-01-01T10:60:00.000Z',
      '2O24-01-01T10:00:00.000Z',
      '2024-01-01 10:00:00.000Z',
    ])
      expect([other, canonicalInstantMs(other)]).toEqual([other, undefined]);
    const dates = new ProgrammeDates(LA);
    for (const iso of ['2026-11-27T07:59:59.999Z', '2026-11-27T08:00:00.000Z', '2026-11-27T00:00:00-08:00', '2026-11-27T07:30:00Z'])
      expect([iso, dates.dateOf(iso)]).toEqual([iso, dates.dateAt(Date.parse(iso))]);
    expect(dates.dateOf('2026-11-27T07:59:59.999Z')).toBe('2026-11-26');
  });

  it('gives 23:30 Pacific the programme’s day, and the same string each time', () => {
    const dates = new ProgrammeDates(LA);
    const first = dates.dateAt(Date.parse('2026-11-27T07:30:00Z'));
    expect(first).toBe('2026-11-26');
    expect(dates.dateAt(Date.parse('2026-11-27T07:59:59.999Z'))).toBe('2026-11-26');
    expect(dates.dateAt(Date.parse('2026-11-27T08:00:00Z'))).toBe('2026-11-27');
    expect(Object.is(dates.dateAt(Date.parse('2026-11-27T01:00:00Z')), first)).toBe(true);
  });

  it('keeps at most its capacity of days and still answers after letting them go', () => {
    const dates = new ProgrammeDates(LA, 3);
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'].map((d) => Date.parse(`${d}T20:00:00Z`));
    for (const ms of [...days, ...days]) expect(dates.dateAt(ms)).toBe(dateIn(LA, new Date(ms)));
  });
});
