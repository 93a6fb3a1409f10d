// The problem details every refused or failed call answers (RFC 9457, application/problem+json), declared once: the
// server's Problem writes it and the client's problem reader parses it.

/** One refused field: `path` names it as the request carried it (`body.items.0.amount`, `query.from`). */
export interface FieldError {
  path: string;
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}
