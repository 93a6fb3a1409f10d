// The programme's calendar: dates as the programme's time zone sees them. Pure; shared by the write side, projections
// and the client.

/** The programme's time zone unless a deployment sets PROGRAMME_TIME_ZONE (server) and so GET /client-config (client). */
export const DEFAULT_PROGRAMME_TIME_ZONE = 'America/Los_Angeles';

/** The calendar date at `instant` in the programme's time zone, `YYYY-MM-DD`. */
// Building a DateTimeFormat costs far more than formatting with one; projections date every event.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const dateIn = (timeZone: string, instant: Date): string => {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
};

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds (negative west of Greenwich). */
const zoneOffsetMs = (timeZone: string, instant: number): number => {
  let format = wallClocks.get(timeZone);
  if (!format)
    wallClocks.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })),
    );
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(instant / 1000) * 1000;
};

/**
 * The last millisecond of programme date `date` (`YYYY-MM-DD`) in `timeZone`: one before the next date begins there.
 * The zone's offset gives a first guess; the answer is then searched for with dateIn itself, because in some zones
 * (Havana, Santiago, Asuncion) clocks jump at midnight and the next date begins at 01:00, an hour after the guess.
 */
export const endOfDateIn = (timeZone: string, date: string): Date => {
  const HOUR = 3_600_000;
  const [y, m, d] = date.split('-').map(Number);
  const nextMidnightAsUtc = Date.UTC(y, m - 1, d + 1);
  const guess = nextMidnightAsUtc - zoneOffsetMs(timeZone, nextMidnightAsUtc);
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
