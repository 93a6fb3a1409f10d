import type { AnswerDraft } from './api/survey-builder-api';

/*
 * A scale question is asked as its range, lowest and highest number (issue 28, item 8: it offered two blank answers to
 * fill in). Its answers are the numbers of the range, one per point, as the member chooses among them.
 */

/** At most 0 to 10: eleven points, the widest scale members are usually asked. */
export const MAX_SCALE_POINTS = 11;
export const DEFAULT_SCALE = { low: 1, high: 5 };
export const SCALE_RULE = `must be a whole number above the lowest, at most ${MAX_SCALE_POINTS} points in all`;
export const SCALE_LOW_RULE = 'must be a whole number';

/** The answers of a range, or null when the range is not one (then the field says why). */
export function scaleAnswers(low: number | null, high: number | null): AnswerDraft[] | null {
  if (low === null || high === null || !Number.isSafeInteger(low) || !Number.isSafeInteger(high)) return null;
  if (high <= low || high - low + 1 > MAX_SCALE_POINTS) return null;
  return Array.from({ length: high - low + 1 }, (_, i) => ({ text: String(low + i) }));
}

/** The range a scale's answers make ("1 - Not at all", "2", …, "5 - Very satisfied" → 1 to 5), or null when they make none. */
export function scaleRangeOf(answers: readonly AnswerDraft[]): { low: number; high: number } | null {
  const numbers = answers.map((a) => /^\s*(-?\d+)\b/.exec(a.text)?.[1]).map((n) => (n === undefined ? Number.NaN : Number(n)));
  if (numbers.length < 2 || numbers.some((n, i) => Number.isNaN(n) || (i > 0 && n !== numbers[i - 1] + 1))) return null;
  return { low: numbers[0], high: numbers[numbers.length - 1] };
}
