import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { type RequestHandler } from 'express';
import { authRoutes } from './auth/routes';
import { enrollmentRoutes } from './auth/enrollment-routes';
import type { Caller } from './auth/caller';
import { callerForToken } from './auth/sessions';
import { mountRoutes, problemMiddleware } from './core/mount';
import { openApiDocument } from './core/openapi';
import { notFound } from './core/problem';
import { route, type AnyRoute } from './core/route';
import type { Deps } from './deps';
import { healthRoutes } from './health';
import { statusRoutes } from './operations/status-routes';
import { liveRoutes } from './live/routes';
import { outboxRoutes } from './mail/outbox';
import { participantRoutes } from './participants/routes';
import { participantSearchRoutes } from './participants/search-routes';
import { referralRoutes } from './referrals/referral-routes';
import { parsePosition } from './ports/position';
import { pointsRoutes } from './points/routes';
import { bonusPointsRoutes } from './points/bonus-points-route';
import { auditRoutes } from './audit/routes';
import { certificateExpiryRoutes } from './certificates/expire-certificates-job';
import { certificateRoutes } from './certificates/routes';
import { pointsExpiryRoutes } from './points/expire-points-job';
import { redeemRoutes } from './points/redeem-route';
import { groupRoutes } from './groups/routes';
import { surveyAdminRoutes } from './surveys/admin-routes';
import { surveyMemberRoutes } from './surveys/member-routes';
import { practiceCaller } from './practices/api-keys';
import { practiceApiKeyRoutes } from './practices/api-key-routes';
import { productRoutes } from './products/product-routes';
import { treatmentRoutes } from './treatments/treatment-routes';
import { processTreatmentsRoutes } from './treatments/process-treatments-route';
import { activityRoutes } from './activity/activity-routes';
import { certificateCategoryRoutes } from './certificate-categories/category-routes';
import { contentRoutes } from './content';
import { specialistRoutes } from './specialists';
import { giftCertificateRoutes } from './gift-certificates';
import { promotionRoutes } from './promotions';
import { campaignReminderRoutes, campaignRoutes } from './campaigns';

/** Every route of the API; the OpenAPI document is generated from this same list. */
export const allRoutes = (deps: Deps): AnyRoute[] => {
  const routes = [
    ...healthRoutes(deps),
    ...statusRoutes(deps),
    ...authRoutes(deps),
    ...enrollmentRoutes(deps),
    ...participantRoutes(deps),
    ...participantSearchRoutes(deps),
    ...referralRoutes(deps),
    ...pointsRoutes(deps),
    ...bonusPointsRoutes(deps),
    ...redeemRoutes(deps),
    ...pointsExpiryRoutes(deps),
    ...certificateRoutes(deps),
    ...certificateExpiryRoutes(deps),
    ...auditRoutes(deps),
    ...groupRoutes(deps),
    ...surveyAdminRoutes(deps),
    ...surveyMemberRoutes(deps),
    ...liveRoutes(deps),
    ...outboxRoutes(deps),
    ...productRoutes(deps),
    ...practiceApiKeyRoutes(deps),
    ...treatmentRoutes(deps),
    ...processTreatmentsRoutes(deps),
    ...activityRoutes(deps),
    ...certificateCategoryRoutes(deps),
    ...contentRoutes(deps), ...specialistRoutes(deps),
    ...giftCertificateRoutes(deps),
    ...promotionRoutes(deps),
    ...campaignRoutes(deps),
    ...campaignReminderRoutes(deps),
  ];
  const doc: AnyRoute = route({
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document',
    access: 'public',
    responses: { 200: { description: 'OpenAPI 3.1' } },
    handler: async () => ({ status: 200, body: openApiDocument([...routes, doc]) }),
  });
  return [...routes, doc];
};

const resolveCaller =
  (deps: Deps): RequestHandler =>
  async (req, res, next) => {
    const token = req.header('auth-token');
    const apiKey = req.header('x-api-key');
    let caller: Caller = { kind: 'anonymous' };
    if (token) caller = await callerForToken(deps.pool, token);
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

export function createApp(deps: Deps, options: { clientDir?: string } = {}) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(express.json({ limit: '256kb', type: ['application/json', 'application/*+json'] }));
  app.use(resolveCaller(deps));
  app.use(waitForPosition(deps));
  const router = express.Router();
  mountRoutes(router, allRoutes(deps));
  app.use(router);
  app.use(['/api', '/cda'], () => {
    throw notFound('This path');
  });
  const clientDir = options.clientDir ?? resolve('dist/client');
  if (existsSync(clientDir)) {
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (_req, res) => res.sendFile(resolve(clientDir, 'index.html'), { maxAge: 0 }));
  }
  app.use(problemMiddleware((e) => deps.log('unhandled error', e)));
  return app;
}
