import { isApiError } from '../../../lib/problem';
import { refusalInWords } from '../../../lib/refusal-words';

/** A 400's field errors keyed by field path without `body.` (`variants.1.purchaseAmount`), in words, for messages beside fields. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  isApiError(error) && error.problem?.errors
    ? Object.fromEntries(error.problem.errors.map((e) => [e.path.replace(/^body\./, ''), refusalInWords(e.message)]))
    : {};

export const errorText = (error: unknown, fallback: string): string => (error instanceof Error ? error.message : fallback);
