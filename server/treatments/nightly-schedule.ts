import { addDays, wallClockIn } from '../../event-schemas/calendar';

/** The wall clock in `timeZone` at `instant` (the calendar's wallClockIn), so daylight-saving shifts come from the tz database. */
export const localClock = (instant: Date, timeZone: string): { date: string; minuteOfDay: number } => wallClockIn(timeZone, instant);

/** The job for a local date runs once that date's wall clock reads 11:59 pm (member spec: "after 11:59 pm"). */
export const RUN_AT_MINUTE = 23 * 60 + 59;

/** The newest local date whose run is due at `instant`: today from 11:59 pm on, otherwise yesterday. */
export const latestDueRunDate = (instant: Date, timeZone: string): string => {
  const clock = localClock(instant, timeZone);
  return clock.minuteOfDay >= RUN_AT_MINUTE ? clock.date : addDays(clock.date, -1);
};

/**
 * The run dates due at `instant`, oldest first, given the last date already run. Counting in calendar dates (never
 * in 24-hour steps) is what makes 23- and 25-hour days harmless. A server that never ran starts with the newest
 * due date; one that was down catches up the missed days, at most `maxCatchUp` of them.
 */
export const dueRunDates = (instant: Date, timeZone: string, lastRunDate: string | null, maxCatchUp = 14): string[] => {
  const latest = latestDueRunDate(instant, timeZone);
  if (lastRunDate === null) return [latest];
  const dates: string[] = [];
  for (let d = addDays(lastRunDate, 1); d <= latest; d = addDays(d, 1)) dates.push(d);
  return dates.slice(-maxCatchUp);
};
