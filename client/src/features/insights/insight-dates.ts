/** Month arithmetic on programme dates (`YYYY-MM-DD`, `YYYY-MM`), by the shared calendar: no browser time zone moves a day. */
import { endOfMonth, firstDayOfMonthsEnding, startOfMonthBefore } from '../../../../event-schemas/calendar';

export { firstDayOfMonthsEnding };

/** The first day of the month `monthsBack` months before the month of `asOf`. */
export const firstDayBefore = (asOf: string, monthsBack: number): string => startOfMonthBefore(asOf, monthsBack);

/**
 * The days the liability is drawn at: the last day of each of the `months` months up to `asOf`'s, the last being
 * `asOf` itself (its month is not over).
 */
export function monthEnds(asOf: string, months: number): string[] {
  const days: string[] = [];
  for (let back = months - 1; back >= 1; back--) days.push(endOfMonth(startOfMonthBefore(asOf, back)));
  days.push(asOf);
  return days;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-03` or `2025-03-31` as `Mar 2025`. */
export const monthLabel = (monthOrDay: string): string => `${MONTHS[Number(monthOrDay.slice(5, 7)) - 1]} ${monthOrDay.slice(0, 4)}`;
