import type { FieldError } from './problem';

/**
 * The date pairs a body may carry and the words for a range that ends before it starts. The cross-field checks
 * (campaigns, promotions, surveys, certificate categories) say the same, and `dateOrderErrors` lets a refusal for
 * other fields say it too, so an admin sees every error at once instead of the date order only after fixing the
 * rest (issue 28: errors arriving in waves).
 */
export const DATE_ORDER_RULES = [
  { start: 'fromDate', end: 'thruDate', message: 'must not be before fromDate' },
  { start: 'startDate', end: 'endDate', message: 'must be on or after the start date' },
] as const;

/** The day of a YYYY-MM-DD date or a local ISO date-time; null for anything else (its own codec refuses that). */
const dayOf = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) ? value.slice(0, 10) : null);

/** Date-order errors of a raw (undecoded) body, for pairs whose both ends are readable dates. */
export const dateOrderErrors = (raw: unknown, root: string): FieldError[] => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const body = raw as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const rule of DATE_ORDER_RULES) {
    const start = dayOf(body[rule.start]);
    const end = dayOf(body[rule.end]);
    if (start && end && end < start) errors.push({ path: `${root}.${rule.end}`, message: rule.message });
  }
  return errors;
};
