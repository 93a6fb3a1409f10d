/** Client checks of the member spec, section 5; the server checks again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** 10 digits, in any punctuation, shown 3-3-4. */
export const isPhone = (value: string) => /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/.test(value.trim());

/** 5 digits, or 5+4 with a hyphen. */
export const isPostalCode = (value: string) => /^\d{5}(-\d{4})?$/.test(value.trim());

/** Letters only (spaces, hyphens and apostrophes join parts of a name). */
export const isLettersOnly = (value: string) => /^\p{L}+(?:[ '-]\p{L}+)*$/u.test(value.trim());

/** All values present: not empty, not false, not null or undefined. */
export const allFilled = (values: readonly unknown[]) => values.every((v) => v !== '' && v !== false && v !== null && v !== undefined);

export type DateRangeError = 'End date cannot be before the start date' | 'Start date cannot be after the end date' | 'Please enter a date';

/** Messages of the activity filter for the field being edited, given ISO dates (or null when unreadable). */
export const dateRangeErrors = (start: string | null, end: string | null): { start?: DateRangeError; end?: DateRangeError } => {
  const errors: { start?: DateRangeError; end?: DateRangeError } = {};
  if (!start) errors.start = 'Please enter a date';
  if (!end) errors.end = 'Please enter a date';
  if (start && end && end < start) {
    errors.start = 'Start date cannot be after the end date';
    errors.end = 'End date cannot be before the start date';
  }
  return errors;
};
