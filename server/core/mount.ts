import type { ProblemDetails } from '../../event-schemas/contract/problem';
import { EventStoreUnavailable } from '../../event-schemas/store/event-store';
import type { ErrorRequestHandler, Router } from 'express';
import type * as t from 'io-ts';
import type { Caller } from '../auth/caller';
import { decodeOrThrow } from './decode';
import { refuseNul } from './nul-guard';
import { forbidden, Problem, unauthorized } from './problem';
import type { Access, AnyRoute } from './route';

const checkAccess = (access: Access, caller: Caller): void => {
  switch (access) {
    case 'public':
      return;
    case 'signed-in':
      // Practice staff are signed in, but not as a member: the spec refuses them member routes as it refuses a member admin's.
      if (caller.kind === 'practice' && caller.staff) throw forbidden('Practice staff use the practice screens only');
      if (caller.kind !== 'participant') throw unauthorized();
      return;
    case 'admin':
      if (caller.kind === 'anonymous') throw unauthorized();
      if (caller.kind !== 'participant' || !caller.isAdmin) throw forbidden('Admins only');
      return;
    case 'signed-in-or-practice':
      if (caller.kind === 'participant' || caller.kind === 'practice') return;
      throw unauthorized('Sign in, or send a practice API key in x-api-key');
    case 'practice-or-admin':
      if (caller.kind === 'practice' || (caller.kind === 'participant' && caller.isAdmin)) return;
      if (caller.kind === 'anonymous') throw unauthorized('Send a practice API key in x-api-key, or sign in as an admin');
      throw forbidden('Practices and admins only');
    // The practice side: its API key (and, with staff sign-in, its staff); members and admins are refused.
    case 'practice':
      if (caller.kind === 'practice') return;
      if (caller.kind === 'anonymous') throw unauthorized('Sign in as practice staff, or send a practice API key in x-api-key');
      throw forbidden('Practice staff only');
    case 'practice-staff':
    case 'practice-admin':
      if (caller.kind === 'practice' && caller.staff) {
        if (access === 'practice-admin' && caller.staff.role !== 'PRACTICE_ADMIN')
          throw forbidden("Only the practice's administrators manage its staff and keys");
        return;
      }
      if (caller.kind === 'anonymous' || caller.kind === 'practice') throw unauthorized('Sign in as practice staff');
      throw forbidden('Practice staff only');
    default: {
      const never: never = access;
      return never;
    }
  }
};

const decodePart = (codec: t.Any | undefined, value: unknown, root: string) => (codec ? decodeOrThrow(codec, value, root) : value);

/** Registers each route: access first (401/403 before any 400), then io-ts decoding of path, query and body. */
export function mountRoutes(router: Router, routes: AnyRoute[]): void {
  for (const r of routes) {
    router[r.method](`${r.mount}${r.path}`, async (req, res) => {
      // The request log names the route's ids from these (express resets req.params when an error leaves the router).
      res.locals.routeParams = req.params;
      const caller = res.locals.caller as Caller;
      checkAccess(r.access, caller);
      refuseNul({ path: req.params, query: req.query ?? {}, body: req.body ?? {} });
      const params = decodePart(r.params, req.params, 'path');
      const query = decodePart(r.query, req.query ?? {}, 'query');
      const body = r.body ? decodeOrThrow(r.body, req.body ?? {}, 'body') : undefined;
      const reply = await r.handler({ params, query, body, caller, req, res });
      if (reply === 'streamed') return;
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      if (reply.body === undefined) res.status(reply.status).end();
      else res.status(reply.status).json(reply.body);
    });
  }
}

/** PostgreSQL's "cannot connect / shutting down / too many clients" classes, and the event store adapter's own signal. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_SYSCALLS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
export const isUnavailable = (error: unknown): boolean => {
  if (error instanceof EventStoreUnavailable) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SYSCALLS.has(e.code))) return true;
  return (
    typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(e.message)
  );
};

/** Turns every failure into problem details; bad input is never a 500. */
export const problemMiddleware =
  (log: (error: unknown) => void): ErrorRequestHandler =>
  (error, _req, res, _next) => {
    let problem: Problem;
    if (error instanceof Problem) problem = error;
    else if (error?.type === 'entity.parse.failed')
      problem = new Problem('validation', 'The body is not valid JSON', [{ path: 'body', message: 'must be valid JSON' }]);
    // The router could not percent-decode a path value (e.g. `%ED%A0%80`, the bytes of a lone surrogate).
    else if (error instanceof URIError)
      problem = new Problem('validation', 'The path is not valid percent-encoded UTF-8', [{ path: 'path', message: 'must be valid percent-encoded UTF-8' }]);
    else if (error?.type === 'entity.too.large') problem = new Problem('payload-too-large', 'The body is larger than allowed');
    else if (error?.type === 'charset.unsupported' || error?.type === 'encoding.unsupported')
      problem = new Problem('unsupported-media-type', 'Send UTF-8 JSON');
    // The store or the database is down or restarting: the caller may retry, so 503 with Retry-After, never 500.
    else if (isUnavailable(error))
      problem = new Problem('unavailable', 'The programme cannot reach its data right now; try again shortly', undefined, { 'retry-after': '5' });
    else {
      log(error);
      res
        .status(500)
        .type('application/problem+json')
        .send(
          JSON.stringify({
            type: 'https://rewards.example/problems/internal',
            title: 'Something went wrong',
            status: 500,
            detail: 'An unexpected error occurred',
          } satisfies ProblemDetails),
        );
      return;
    }
    if (res.headersSent) return;
    for (const [k, v] of Object.entries(problem.headers ?? {})) res.setHeader(k, v);
    res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem.toJSON()));
  };
