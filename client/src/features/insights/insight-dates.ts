/** Month arithmetic on programme dates (`YYYY-MM-DD`, `YYYY-MM`), in UTC so no browser time zone moves a day. */

const monthStart = (asOf: string, monthsBack: number): Date => {
  const d = new Date(`${asOf.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d;
};

/** The first day of the month `monthsBack` months before the month of `asOf`. */
export const firstDayBefore = (asOf: string, monthsBack: number): string => monthStart(asOf, monthsBack).toISOString().slice(0, 10);

/**
 * The days the liability is drawn at: the last day of each of the `months` months up to `asOf`'s, the last being
 * `asOf` itself (its month is not over).
 */
export function monthEnds(asOf: string, months: number): string[] {
  const days: string[] = [];
  for (let back = months - 1; back >= 1; back--) {
    const next = monthStart(asOf, back - 1);
    next.setUTCDate(0);
    days.push(next.toISOString().slice(0, 10));
  }
  days.push(asOf);
  return days;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-03` or `2025-03-31` as `Mar 2025`. */
export const monthLabel = (monthOrDay: string): string => `${MONTHS[Number(monthOrDay.slice(5, 7)) - 1]} ${monthOrDay.slice(0, 4)}`;
