import { ADULT_AGE, dateOfBirthProblem, MAX_AGE, US_ZIP_IN_USE_RULE, zipCodeProblem } from '../../../event-schemas/contract/rules';
import { parseUsDate } from './format';
import { programmeToday } from './programme-calendar';

/** Today as the forms judge an age: the programme's date, as the server judges it again. */
const today = () => programmeToday();

/** A typed ZIP the server will take: the shared rule (shape, and a ZIP some address has). */
export const zipCheck = (typed: string): boolean => zipCodeProblem(typed) === null;
/** What is wrong with a typed ZIP, in the form's words. */
export const zipWords = (typed: string): string =>
  zipCodeProblem(typed) === US_ZIP_IN_USE_RULE ? 'No US address has this ZIP code: check it' : 'Enter 5 digits, or 5+4 as 12345-6789';

/**
 * A typed birth date as the calendar date it names: MM/DD/YYYY as the label asks, or YYYY-MM-DD as many people and
 * password managers type it (it was refused, issue 54 item 16); null for anything else or a date no calendar has.
 */
export const parseBirthDate = (typed: string): string | null => {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed.trim());
  return iso ? parseUsDate(`${iso[2]}/${iso[3]}/${iso[1]}`) : parseUsDate(typed);
};

/** A typed birth date the server will take: readable, an adult, and not over the oldest age. */
export const birthDateCheck = (typed: string): boolean => {
  const iso = parseBirthDate(typed);
  return iso !== null && dateOfBirthProblem(iso, today()) === null;
};
/** What is wrong with a typed birth date, in the form's words. */
export const birthDateWords = (typed: string): string => {
  const iso = parseBirthDate(typed);
  if (iso === null) return 'Enter a date as MM/DD/YYYY';
  const problem = dateOfBirthProblem(iso, today());
  if (problem?.includes('future')) return 'A birth date cannot be in the future';
  if (problem?.includes('at least')) return `You must be at least ${ADULT_AGE} years old to join`;
  if (problem?.includes('within')) return `Enter a birth date within the last ${MAX_AGE} years`;
  return 'Enter a date as MM/DD/YYYY';
};

/**
 * A name field's message: an empty one asks for the name (it said "Use letters only", as if letters were wrong, issue
 * 54 item 16); a filled one refused by isLettersOnly says what it may hold.
 */
export const nameWords = (typed: string, which: 'first' | 'last'): string => (typed.trim() === '' ? `Enter your ${which} name` : 'Use letters only');
