// The programme's calendar: every date computation of the server, the projections and the client goes through here
// (a lint rule refuses hand-made date arithmetic elsewhere). Pure. On dayjs with its utc and timezone plugins, as the
// design card says, except in what projections call for every event of a rebuild, which keeps a native fast path
// (dateIn's cached Intl formatter, ProgrammeDates, isCalendarDate, addDays, periodKey, usDate: each says why).
//
// Two kinds of value: a date (`YYYY-MM-DD`, a day of the calendar with no time and no zone) and an instant (a Date).
// Date arithmetic is done on dayjs in UTC mode, where every day has 24 hours, so no zone or daylight-saving shift, of
// the server's or of a browser's, can move a day; zones come in only where an instant becomes a date or back.
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The programme's time zone unless a deployment sets PROGRAMME_TIME_ZONE (server) and so GET /client-config (client). */
export const DEFAULT_PROGRAMME_TIME_ZONE = 'America/Los_Angeles';

const DATE = 'YYYY-MM-DD';
/**
 * A date as a dayjs at that day's UTC midnight: its arithmetic counts calendar days and months, never hours. Built
 * through setUTCFullYear because dayjs's own parser (Date.UTC) reads years 0 to 99 as 1900 to 1999.
 */
const day = (date: string): Dayjs => {
  const [y, m, d] = date.split('-').map(Number);
  const midnight = new Date(0);
  midnight.setUTCFullYear(y, m - 1, d);
  return dayjs.utc(midnight);
};

// ---------------------------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------------------------

/** The digit at `i` of `s` (NaN for anything else, which fails every range check after it). */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : Number.NaN;
}

/** The number `count` digits of `s` from `from` write (NaN if any is not a digit). */
function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + digit(s, i);
  return n;
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Whether `s` is a real calendar date written `YYYY-MM-DD` (not 2025-02-30). Read digit by digit, on purpose not dayjs
 * nor a regular expression and a Date: every IsoDate field of every event is decoded with it during a projection
 * rebuild, and the match array, its strings and the Date were garbage for the collector each time. Years before 0100
 * are refused, as the Date round trip this replaces refused them (Date.UTC reads 0024 as 1924).
 */
export const isCalendarDate = (s: string): boolean => {
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return false;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const dayOfMonth = digits(s, 8, 2);
  return year >= 100 && month >= 1 && month <= 12 && dayOfMonth >= 1 && dayOfMonth <= daysInMonth(year, month);
};

/** Whether `s` is an ISO 8601 UTC instant (`YYYY-MM-DDTHH:mm:ss[.sss]Z` as Date.parse reads it). */
export const isUtcInstant = (s: string): boolean =>
  canonicalInstantMs(s) !== undefined || (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(s) && !Number.isNaN(Date.parse(s)));

/**
 * `date` moved by `days` calendar days (negative: back). Native, not dayjs, on purpose: the programme report's
 * projection calls it for every activity event of a rebuild, and Date.UTC does in one call what dayjs does with a
 * parse, an add and a format. Same answers (the calendar's tests compare the two).
 */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** addDays on dayjs: the reference the fast path above is tested against. */
export const addDaysByDayjs = (date: string, days: number): string => day(date).add(days, 'day').format(DATE);

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => day(to).diff(day(from), 'day');

/**
 * `date` moved by `months` months, kept inside the target month: Jan 31 + 1 month is Feb 28 (29 in a leap year). The
 * expiry dates of points ("n months after today") are counted this way.
 */
export const addMonths = (date: string, months: number): string => day(date).add(months, 'month').format(DATE);

/** `date` moved by `years` years; Feb 29 becomes Feb 28 in a year without one (ages and birthdays count this way). */
export const addYears = (date: string, years: number): string => day(date).add(years, 'year').format(DATE);

/**
 * `date` moved by `years` years as a JavaScript Date's setUTCFullYear counts it: Feb 29 rolls over to Mar 1 in a year
 * without one, not back to Feb 28. The upcaster of version-1 points awards (their expiry dates were stored and
 * projected this way, and a rebuild must give the same answers) and the adult-age rule (someone born on Feb 29 comes
 * of age on Mar 1) count so.
 */
export const addYearsRollingLeapDay = (date: string, years: number): string => {
  const moved = addYears(date, years);
  return date.endsWith('-02-29') && moved.endsWith('-02-28') ? addDays(moved, 1) : moved;
};

/** The first day of `date`'s month. */
export const startOfMonth = (date: string): string => day(date).startOf('month').format(DATE);

/** The last day of `date`'s month. */
export const endOfMonth = (date: string): string => day(date).endOf('month').format(DATE);

/**
 * The first day of the `months` months that end with `date`: the day after the same date `months` months before
 * (`2026-12-02`, 12 → `2025-12-03`). What "the last 12 months" means, rather than the months' calendar starts.
 */
export const firstDayOfMonthsEnding = (date: string, months: number): string => day(date).subtract(months, 'month').add(1, 'day').format(DATE);

/** The first day of the month `months` months before `date`'s month. */
export const startOfMonthBefore = (date: string, months: number): string => day(date).startOf('month').subtract(months, 'month').format(DATE);

/** The period key, `YYYY-MM`, of a date: its first seven characters (the report projection asks for every event). */
export const periodKey = (date: string): string => date.slice(0, 7);

/** The year of a date. */
export const yearOf = (date: string): number => day(date).year();

/** `YYYY-MM-DD` as the member spec shows dates, `MM/DD/YYYY`: the same digits reordered (a projection does it per certificate). */
export const usDate = (date: string): string => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

// ---------------------------------------------------------------------------------------------------------------
// Instants
// ---------------------------------------------------------------------------------------------------------------

/**
 * The date at `instant` in UTC. Only where a spec or a stored answer says UTC (the surveys' "new since" helper, the
 * version-1 award upcaster, seed data that always had it): the programme's "today" is dateIn.
 */
export const utcDateOf = (instant: Date): string => dayjs.utc(instant).format(DATE);

/** `instant` moved by `days` whole days of 24 hours (a link valid for 7 days, the last 365 days). */
export const addDaysToInstant = (instant: Date, days: number): Date => dayjs.utc(instant).add(days, 'day').toDate();

/** The instant `date` begins in UTC (its midnight there): where a date stands for an instant in UTC. */
export const utcMidnight = (date: string): Date => day(date).toDate();

/**
 * The calendar date at `instant` in the programme's time zone, `YYYY-MM-DD`: the programme's "today".
 * Fast path, on purpose not dayjs: projections date every event while they rebuild, and dayjs(instant).tz(zone) reads
 * the zone through Date#toLocaleString (a new formatter each call), formatToParts and a re-parse of the string,
 * where one cached Intl.DateTimeFormat does the same with one format call; nor does its answer ever depend on the
 * host's own zone, as that re-parse can (see wallClockIn).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const dateIn = (timeZone: string, instant: Date): string => {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Within one UTC day: the programme date before `turn` (an instant in ms) and from it on. */
interface UtcDay {
  turn: number;
  before: string;
  from: string;
}

/**
 * dateIn for the many instants of a rebuild: the same answers, found with one Intl call per UTC day instead of one per
 * event. A UTC day holds at most one turn of the programme date in every zone with ordinary rules (the local midnight
 * that falls inside it), so the date is dateIn's at the day's hours, and where two hours differ the turn between them is
 * searched for to the millisecond with dateIn itself. A day where the hours show more than one turn (none is known in
 * the zone database, but a zone's rules could make one) is left to dateIn for each instant. Dates come back as the same
 * string objects every time, which keeps the maps keyed by them cheap. At most `capacity` UTC days are kept.
 */
export class ProgrammeDates {
  private readonly days = new Map<number, UtcDay | null>();

  constructor(
    private readonly timeZone: string,
    private readonly capacity = 4096,
  ) {}

  /** The programme date at `instantMs` (ms since the epoch): dateIn(timeZone, new Date(instantMs)). */
  dateAt(instantMs: number): string {
    const utcDay = Math.floor(instantMs / DAY_MS);
    let day = this.days.get(utcDay);
    if (day === undefined) {
      if (this.days.size >= this.capacity) this.days.clear();
      this.days.set(utcDay, (day = this.utcDay(utcDay * DAY_MS)));
    }
    if (day === null) return dateIn(this.timeZone, new Date(instantMs));
    return instantMs < day.turn ? day.before : day.from;
  }

  /**
   * The programme date at an ISO instant: dateAt(Date.parse(iso)). The events' own form (`toISOString`'s
   * `YYYY-MM-DDTHH:mm:ss.sssZ`) is read digit by digit, in about a third of Date.parse's time (12 ms against 4.5 ms for
   * 100,000 instants here): a rebuild dates every event twice (activity, the programme report). Any other form goes
   * through Date.parse.
   */
  dateOf(iso: string): string {
    const ms = canonicalInstantMs(iso);
    return this.dateAt(ms === undefined ? Date.parse(iso) : ms);
  }

  private utcDay(start: number): UtcDay | null {
    const at = (ms: number) => dateIn(this.timeZone, new Date(ms));
    const hours = Array.from({ length: 25 }, (_, h) => at(Math.min(start + h * HOUR_MS, start + DAY_MS - 1)));
    const turns = hours.flatMap((d, h) => (h > 0 && d !== hours[h - 1] ? [h] : []));
    if (turns.length === 0) return { turn: Number.POSITIVE_INFINITY, before: hours[0], from: hours[0] };
    if (turns.length > 1) return null;
    // lo: an instant before the turn, hi: one at or after it.
    let lo = start + (turns[0] - 1) * HOUR_MS;
    let hi = Math.min(start + turns[0] * HOUR_MS, start + DAY_MS - 1);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (at(mid) === hours[0]) lo = mid;
      else hi = mid;
    }
    return { turn: hi, before: hours[0], from: hours[24] };
  }
}

/**
 * Milliseconds since the epoch of `YYYY-MM-DDTHH:mm:ss.sssZ` (years 0000-9999), or undefined for any other form or an
 * impossible field. The day count is the proleptic Gregorian one (days from 1970-01-01 of the civil date, computed
 * from 400-year eras so it needs no table), as Date.UTC counts.
 */
export function canonicalInstantMs(iso: string): number | undefined {
  if (iso.length !== 24 || iso[4] !== '-' || iso[7] !== '-' || iso[10] !== 'T' || iso[13] !== ':' || iso[16] !== ':' || iso[19] !== '.' || iso[23] !== 'Z')
    return undefined;
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 2);
  const dayOfMonth = digits(iso, 8, 2);
  const hour = digits(iso, 11, 2);
  const minute = digits(iso, 14, 2);
  const second = digits(iso, 17, 2);
  const milli = digits(iso, 20, 3);
  // NaN (a non-digit) fails every comparison, so it lands here too.
  if (!(year >= 0 && month >= 1 && month <= 12 && dayOfMonth >= 1 && hour <= 23 && minute <= 59 && second <= 59 && milli >= 0)) return undefined;
  if (dayOfMonth > daysInMonth(year, month)) return undefined;
  // Years counted from March, so the leap day ends a year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + dayOfMonth - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  return days * DAY_MS + hour * HOUR_MS + minute * 60_000 + second * 1000 + milli;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in minutes (negative west of Greenwich). */
export const zoneOffsetMinutes = (timeZone: string, instant: Date): number => dayjs.utc(instant).tz(timeZone).utcOffset();

/**
 * The wall clock in `timeZone` at `instant`: its date and the minutes since that date's midnight by the clock's face.
 * Built as UTC plus the zone's offset, not read from dayjs's zoned value, whose fields are re-parsed in the host's own
 * zone and so slip by an hour when the host's clock skips the time the programme's clock shows.
 */
export const wallClockIn = (timeZone: string, instant: Date): { date: string; minuteOfDay: number } => {
  const wall = dayjs.utc(instant).add(zoneOffsetMinutes(timeZone, instant), 'minute');
  return { date: wall.format(DATE), minuteOfDay: wall.hour() * 60 + wall.minute() };
};

/**
 * The last millisecond of programme date `date` (`YYYY-MM-DD`) in `timeZone`: one before the next date begins there.
 * The zone's offset gives a first guess; the answer is then searched for with dateIn itself, because in some zones
 * (Havana, Santiago, Asuncion) clocks jump at midnight and the next date begins at 01:00, an hour after the guess.
 */
export const endOfDateIn = (timeZone: string, date: string): Date => {
  const HOUR = 3_600_000;
  const nextMidnightAsUtc = utcMidnight(addDays(date, 1));
  const guess = nextMidnightAsUtc.getTime() - zoneOffsetMinutes(timeZone, nextMidnightAsUtc) * 60_000;
  const after = (instant: number) => dateIn(timeZone, new Date(instant)) > date;
  // hi: an instant on a later date; lo: one on `date` itself. Then halve the gap down to one millisecond.
  let hi = guess;
  while (!after(hi)) hi += HOUR;
  let lo = hi - HOUR;
  while (after(lo)) lo -= HOUR;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (after(mid)) hi = mid;
    else lo = mid;
  }
  return new Date(lo);
};
