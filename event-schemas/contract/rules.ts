/**
 * Field rules the server enforces and the client checks before sending, written once (CONTRACT.md). The server's
 * codecs refine with these predicates and messages; the client's forms use the same ones, so they cannot drift.
 */
import { addYearsRollingLeapDay } from '../calendar';

/** A US ZIP code: 5 digits, or ZIP+4 written with its hyphen (12345 or 12345-6789). */
export const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;
export const US_ZIP_CODE_RULE = 'must be a US ZIP code: 5 digits, or 5+4 with a hyphen (12345 or 12345-6789)';
/**
 * The lowest ZIP prefix the Postal Service assigns is 005 (Holtsville, NY): no US address has a ZIP starting 000 to
 * 004, so 00000 is a typing placeholder, not a place. That is what a form can tell alone; whether any address has a
 * well-formed ZIP (99999 has none) the server answers from the national ZIP table, with the same message
 * (server/postal-codes/us-zip-places.ts: 5 MB, too much for the client's bundle).
 */
export const US_ZIP_IN_USE_RULE = 'is not a ZIP code any US address has';
export const isZipInUse = (value: string): boolean => Number(value.trim().slice(0, 3)) >= 5;
export const isUsZipCode = (value: string): boolean => US_ZIP_CODE.test(value.trim()) && isZipInUse(value);
/** The one message for a typed ZIP, or null when it is good: its shape first, then whether it exists. */
export const zipCodeProblem = (value: string): string | null =>
  !US_ZIP_CODE.test(value.trim()) ? US_ZIP_CODE_RULE : !isZipInUse(value) ? US_ZIP_IN_USE_RULE : null;
/** The digits of a ZIP as typed, with the spec's hyphen once there are more than 5 ("926121234" -> "92612-1234"). */
export const formatUsZip = (typed: string): string => {
  const d = typed.replace(/\D/g, '').slice(0, 9);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};

/** Members are adults, and no one is older than this: a birth year of 1890 is a typing slip. */
export const ADULT_AGE = 18;
export const MAX_AGE = 120;
/** The one message for a date of birth (YYYY-MM-DD) as of `today`, or null when it is good. */
export const dateOfBirthProblem = (dob: string, today: string): string | null => {
  if (dob > today) return 'must not be in the future';
  if (addYearsRollingLeapDay(dob, ADULT_AGE) > today) return `must show you are at least ${ADULT_AGE} years old`;
  if (addYearsRollingLeapDay(dob, MAX_AGE) <= today) return `must be within the last ${MAX_AGE} years`;
  return null;
};

/**
 * A US phone number: 10 digits in any punctuation, shown 3-3-4 (949-555-0142). Its area code and exchange start 2 to
 * 9 (North American numbering): 000-000-0000 or 123-456-7890 reach no one, and a text sent there is lost.
 */
export const US_PHONE = /^\(?[2-9]\d{2}\)?[\s.-]?[2-9]\d{2}[\s.-]?\d{4}$/;
export const US_PHONE_RULE = 'must be a 10-digit US phone number whose area code and exchange do not start with 0 or 1, as 949-555-0142';
export const isUsPhone = (value: string): boolean => US_PHONE.test(value.trim());

/** The digits of a phone number typed with any punctuation, grouped 3-3-4 as far as they go ("9495" -> "949-5"). */
export const formatUsPhone = (typed: string): string => {
  const all = typed.replace(/\D/g, '');
  // A leading country code 1 (+1 949 ...) is not part of the 10 digits.
  const d = (all.length > 10 && all.startsWith('1') ? all.slice(1) : all).slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
};

/** An e-mail address: something@domain.tld, no spaces. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_ADDRESS_RULE = 'must be an e-mail address, as name@example.com';
export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value.trim());

/** A password: 10 to 200 characters with at least a letter and a digit (enrollment and reset; both sides check it). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE = `must be at least ${PASSWORD_MIN_LENGTH} characters and include a letter and a number`;
/** The forms' words for the same rule. */
export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit`;
export const isStrongPassword = (p: string): boolean =>
  p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH && /[A-Za-z]/.test(p) && /\d/.test(p);

/** The most points one admin award may give (POST /admin/participants/{paxId}/points); the member-care form says it too. */
export const MAX_ADMIN_AWARD = 100_000;
/** The longest description an admin award may carry: the member reads it in their activity (issue 54, item 6). */
export const MAX_AWARD_DESCRIPTION = 200;
