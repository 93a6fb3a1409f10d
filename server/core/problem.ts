import type { FieldError, ProblemDetails } from '../../event-schemas/contract/problem';
/** An RFC 9457 problem answer. Every refusal the API gives is one of these; its HTTP status is fixed here. */
/** A refused field and the problem details are the contract's (event-schemas/contract/problem.ts). */
export type { FieldError };

const STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-eligible': 403,
  'not-found': 404,
  conflict: 409,
  'insufficient-points': 409,
  'already-completed': 409,
  'invalid-state': 409,
  'already-voided': 409,
  'void-window-closed': 409,
  gone: 410,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  unavailable: 503,
} as const;
export type ProblemSlug = keyof typeof STATUS;

const TITLES: Record<ProblemSlug, string> = {
  validation: 'Your request has invalid fields',
  unauthorized: 'Sign in required',
  forbidden: 'Not allowed',
  'not-eligible': 'Not eligible',
  'not-found': 'Not found',
  conflict: 'Conflicts with the current state',
  'insufficient-points': 'Not enough points',
  'already-completed': 'Already completed',
  'invalid-state': 'Not allowed in the current state',
  'already-voided': 'Already voided',
  'void-window-closed': 'Too late for the practice to void',
  gone: 'No longer available',
  'payload-too-large': 'Request body too large',
  'unsupported-media-type': 'Send JSON',
  'rate-limited': 'Too many attempts',
  unavailable: 'Temporarily unavailable',
};

export class Problem extends Error {
  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
  get status(): number {
    return STATUS[this.slug];
  }
  toJSON(): ProblemDetails {
    return {
      type: `https://rewards.example/problems/${this.slug}`,
      title: TITLES[this.slug],
      status: this.status,
      detail: this.detail,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const validationProblem = (errors: FieldError[]) => new Problem('validation', errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
export const notFound = (what: string) => new Problem('not-found', `${what} was not found`);
export const forbidden = (detail = 'You may not do this') => new Problem('forbidden', detail);
export const unauthorized = (detail = 'Sign in first') => new Problem('unauthorized', detail);
