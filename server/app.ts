import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { multipartJson } from './core/multipart-json';
import express, { type RequestHandler } from 'express';
import type { Caller } from './auth/caller';
import { cachedCallerForToken } from './auth/sessions';
import { mountRoutes, problemMiddleware } from './core/mount';
import { notFound } from './core/problem';
import type { Deps } from './deps';
import type { AnyRoute } from './core/route';
import { parsePosition } from '../event-schemas/store/position';
import { practiceCaller } from './practices/api-keys';
import { requestLog } from './operations/request-log';
import { clientPage, securityHeaders } from './operations/security-headers';

const resolveCaller =
  (deps: Deps): RequestHandler =>
  async (req, res, next) => {
    const token = req.header('auth-token');
    const apiKey = req.header('x-api-key');
    let caller: Caller = { kind: 'anonymous' };
    if (token) caller = await cachedCallerForToken(deps.pool, token);
    else if (apiKey) caller = await practiceCaller(deps.pool, apiKey);
    res.locals.caller = caller;
    next();
  };

/** Read-your-writes: a GET with `x-wait-for-position` waits (at most 5 s) until the read models include it. */
const waitForPosition =
  (deps: Deps): RequestHandler =>
  async (req, _res, next) => {
    const wanted = req.method === 'GET' ? req.header('x-wait-for-position') : undefined;
    const position = wanted ? parsePosition(wanted) : undefined;
    if (position) await deps.progress.waitFor(position, 5000);
    next();
  };

/** The express app around `routes` (registered in composition-root.ts): security headers, caller resolution, read-your-writes, problem details, the built client. */
export function createApp(deps: Deps, routes: AnyRoute[], options: { clientDir?: string } = {}) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(requestLog(deps));
  app.use(securityHeaders(deps.settings));
  // Prometheus scrapes the root, outside the API and before the client's catch-all page.
  app.get('/metrics', async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
  app.use(express.json({ limit: '256kb', type: ['application/json', 'application/*+json'] }));
  app.use(multipartJson);
  app.use(resolveCaller(deps));
  app.use(waitForPosition(deps));
  const router = express.Router();
  mountRoutes(router, routes);
  app.use(router);
  app.use(['/api', '/cda'], () => {
    throw notFound('This path');
  });
  const clientDir = options.clientDir ?? resolve('dist/client');
  if (existsSync(clientDir)) {
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', clientPage(clientDir, deps.settings));
  }
  app.use(problemMiddleware((e) => deps.log('unhandled error', e)));
  return app;
}
