/**
 * Field rules the server enforces and the client checks before sending, written once (CONTRACT.md). The server's
 * codecs refine with these predicates and messages; the client's forms use the same ones, so they cannot drift.
 */

/** A US ZIP code: 5 digits, or ZIP+4 written with its hyphen (12345 or 12345-6789). */
export const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;
export const US_ZIP_CODE_RULE = 'must be a US ZIP code: 5 digits, or 5+4 with a hyphen (12345 or 12345-6789)';
export const isUsZipCode = (value: string): boolean => US_ZIP_CODE.test(value.trim());

/** A US phone number: 10 digits in any punctuation, shown 3-3-4 (949-555-0142). */
export const US_PHONE = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const US_PHONE_RULE = 'must be a 10-digit US phone number, as 949-555-0142';
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
