import type { ProblemDetails } from '../../../event-schemas/contract/problem';

/** RFC 9457 problem details, as every failing call of our API answers them; parsed leniently, so each part may be missing. */
export type Problem = Partial<ProblemDetails>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const asProblem = (value: unknown): Problem | null => {
  if (!isRecord(value)) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
  const errors = Array.isArray(value.errors)
    ? value.errors.filter(isRecord).map((e) => ({ path: String(e.path ?? ''), message: String(e.message ?? '') }))
    : undefined;
  return {
    type: text('type'),
    title: text('title'),
    status: typeof value.status === 'number' ? value.status : undefined,
    detail: text('detail'),
    errors,
  };
};

/** The message a screen shows: the detail, else the first field error, else the title. */
export const problemMessage = (problem: Problem | null, fallback = 'An unknown error occurred'): string =>
  problem?.detail || problem?.errors?.[0]?.message || problem?.title || fallback;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
    readonly path: string,
  ) {
    super(problemMessage(problem, `Request to ${path} failed with status ${status}`));
    this.name = 'ApiError';
  }

  get slug(): string | undefined {
    return this.problem?.type?.split('/').pop();
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);
