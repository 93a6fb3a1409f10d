/** Display formats of the member spec, section 5. Pure, so they test without a browser. */
import { usDate, utcDateOf } from '../../../event-schemas/calendar';

/** MM/DD/YYYY of an instant or a YYYY-MM-DD date, read in UTC; '' for nothing or an unreadable value. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return usDate(utcDateOf(date));
};

/**
 * MM/DD/YYYY with the time of day ("04/15/2026, 7:00 PM") of an instant, in the reader's own time zone unless one is
 * given: audit trails and logs in the admin screens. '' for an unreadable value.
 */
export const formatDateTime = (value: string | Date, timeZone?: string): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
};

/** A dash date year-month-day reordered to month-day-year (still dashed). */
export const reorderDashDate = (value: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : value;
};

/** MM/DD/YYYY typed by a member to YYYY-MM-DD, or null when it is not a real date. */
export const parseUsDate = (value: string): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
};

export const startOfDayUtc = (isoDate: string): string => `${isoDate}T00:00:00.000Z`;
export const endOfDayUtc = (isoDate: string): string => `${isoDate}T23:59:59.999Z`;

/** 3-3-4 digits: (949) 555-0142 from any 10 digits (a leading US 1 is dropped); anything else unchanged. */
export const formatPhone = (value: string): string => {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
};

/** 5 digits, or 5+4 joined by a hyphen. */
export const formatPostalCode = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 9) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return digits.length === 5 ? digits : value;
};

/** At least two decimals, more when the number has them: 5 → 5.00, 2.125 → 2.125. */
export const formatDecimal = (value: number): string => {
  const [, decimals = ''] = String(value).split('.');
  return value.toLocaleString('en-US', { minimumFractionDigits: Math.max(2, Math.min(decimals.length, 20)), maximumFractionDigits: 20 });
};

export const formatPoints = (points: number): string => points.toLocaleString('en-US');

export const formatDollars = (amount: number): string => `$${formatDecimal(amount)}`;

/** A certificate named once: "$50 Aspire Gift Certificate" as it is, "Welcome Certificate" with its amount before it. */
export const certificateTitle = (amount: number, name: string): string => (/\$\d/.test(name) ? name : `${formatDollars(amount)} ${name}`);
