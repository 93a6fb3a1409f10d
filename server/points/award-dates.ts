import { addMonths, ProgrammeDates } from '../../event-schemas/calendar';

// The two dates every admin award asks for, kept between awards: the programme's today, and the default expiry some
// months after it. Both change once a day, yet each award worked them out afresh: dayjs's parse, add and format for the
// expiry (12 to 20 us a call in a loop here) and an Intl format for today (1.4 to 2 us), against 0.05 us each kept.
// The answers are the calendar's own.

/** A day's answers are worked out once; a running server needs a handful, not ProgrammeDates' default 4,096. */
const DAYS_KEPT = 8;
const zones = new Map<string, ProgrammeDates>();

/** dateIn(timeZone, now), through one ProgrammeDates per zone. */
export function programmeToday(timeZone: string, now: Date): string {
  let dates = zones.get(timeZone);
  if (!dates) zones.set(timeZone, (dates = new ProgrammeDates(timeZone, DAYS_KEPT)));
  return dates.dateAt(now.getTime());
}

let last: { from: string; months: number; answer: string } | undefined;

/** addMonths(from, months), remembered for the last pair asked: awards ask the same one all day. */
export function monthsAfter(from: string, months: number): string {
  if (last?.from === from && last.months === months) return last.answer;
  const answer = addMonths(from, months);
  last = { from, months, answer };
  return answer;
}
