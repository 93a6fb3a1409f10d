import { EMAIL_ADDRESS, isEmailAddress, isUsPhone, isUsZipCode } from '../../../event-schemas/contract/rules';

/** Client checks of the member spec, section 5; the server checks again with the same rules (event-schemas/contract). */
export const EMAIL_PATTERN = EMAIL_ADDRESS;
export const isEmail = isEmailAddress;

/** 10 digits, in any punctuation, shown 3-3-4. */
export const isPhone = isUsPhone;

/** 5 digits, or 5+4 with a hyphen. */
export const isPostalCode = isUsZipCode;

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
