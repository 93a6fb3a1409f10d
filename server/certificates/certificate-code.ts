import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U/V: a code read aloud at a practice's front desk cannot be mistaken for another.
export const CERTIFICATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const CERTIFICATE_CODE_LENGTH = 10;

/** A short random certificate code such as `7KQ4-MZ9T-HC`: about 48 bits, unguessable and practically unique. */
export const newCertificateCode = (): string => {
  let raw = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) raw += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
};
