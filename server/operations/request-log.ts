import type { RequestHandler } from 'express';
import type { Deps } from '../deps';
import { requestIdFrom, runInRequest } from './request-context';

/** The route template a request matched (`/api/rest/participants/:paxId/points`), so metrics and logs stay low-cardinality. */
const routeOf = (req: Parameters<RequestHandler>[0]): string => {
  if (req.route?.path) return `${req.baseUrl}${String(req.route.path)}`;
  if (req.path.startsWith('/api/') || req.path.startsWith('/cda/')) return 'unmatched';
  return 'client';
};

/**
 * The ids among the matched route's parameters (`paxId`, `id`, `promotionId`...): what an operator needs to follow a
 * request, and nothing about a person. Other parameters are left out, whatever they hold: an e-mail address
 * (`/participants/:paxId/emails/:email/preferred`), a phone number, a certificate's code. The path itself is never
 * logged: the route template says which call it was.
 */
export const idsOf = (params: Record<string, unknown> | undefined): Record<string, string> | undefined => {
  const ids = Object.entries(params ?? {}).filter(([name, value]) => /^(id|[a-z]+Id)$/.test(name) && typeof value === 'string' && /^[\w-]{1,64}$/.test(value));
  return ids.length ? Object.fromEntries(ids as [string, string][]) : undefined;
};

/**
 * Gives each request an id (the caller's `x-request-id` when sane, echoed back), runs the rest of the request inside
 * it (log lines and command correlation ids carry it), and when the answer is sent writes one request log line and
 * the latency histogram: method, route template and its ids, status, duration (issue 25: never an e-mail, name or phone).
 */
export const requestLog =
  (deps: Pick<Deps, 'logger' | 'metrics'>): RequestHandler =>
  (req, res, next) => {
    const requestId = requestIdFrom(req.header('x-request-id'));
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      deps.metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      if (res.statusCode === 429 && route.endsWith('/authenticate/login')) deps.metrics.loginThrottled.inc();
      deps.logger.info(
        {
          requestId,
          method: req.method,
          route,
          ids: idsOf(res.locals.routeParams as Record<string, unknown> | undefined),
          status: res.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        'request',
      );
    });
    runInRequest(requestId, next);
  };
