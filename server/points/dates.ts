/** Calendar arithmetic on `YYYY-MM-DD` dates, in UTC so no time zone or daylight-saving shift can move a day. */
export const addDays = (isoDate: string, days: number): string => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
