import { isApiError } from '../../../lib/problem';

/** A 400's field errors keyed by field path without `body.` (`variants.1.purchaseAmount`), for messages beside fields. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  isApiError(error) && error.problem?.errors ? Object.fromEntries(error.problem.errors.map((e) => [e.path.replace(/^body\./, ''), e.message])) : {};

export const errorText = (error: unknown, fallback: string): string => (error instanceof Error ? error.message : fallback);
