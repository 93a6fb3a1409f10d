import * as t from 'io-ts';
import { activityDetail, activityHeaders } from '../../projections/activity/activity-query';
import { dateIn } from '../../event-schemas/calendar';
import { assertCanActFor } from '../auth/caller';
import { DateParam, PageParam, PaxIdParam, sizeParam } from '../core/http-codecs';
import { notFound, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertCanReadFor } from '../privacy/access-log';

/** Member spec section 9: activity headers come ten to a page. */
export const ACTIVITY_PAGE_SIZE = 10;

const Header = t.type({ id: t.string, activityType: t.string, activityDate: t.string, points: t.number, description: t.string, detailUrl: t.string });

export const activityRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/patients/:paxId/activity-headers',
    tag: 'Activity',
    summary: 'A member’s activity, newest first, in an optional date range; page from 0, size 10 unless given',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    query: t.partial({ 'start-date': DateParam, 'end-date': DateParam, page: PageParam, size: sizeParam(100) }),
    responses: {
      200: { description: 'Headers', schema: t.type({ items: t.array(Header), page: t.number, size: t.number, totalElements: t.number }) },
      403: { description: 'Another participant' },
    },
    handler: async ({ params, query, caller }) => {
      assertCanActFor(caller, params.paxId);
      const start = query['start-date'];
      const end = query['end-date'];
      if (start && end && start > end) throw validationProblem([{ path: 'query.end-date', message: 'must not be before start-date' }]);
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'activity', at: deps.now() });
      const today = dateIn(deps.settings.timeZone, deps.now());
      return { status: 200, body: await activityHeaders(deps.pool, params.paxId, { start, end }, query.page ?? 0, query.size ?? ACTIVITY_PAGE_SIZE, today) };
    },
  }),
  route({
    method: 'get',
    path: '/patients/:paxId/activity/:id',
    tag: 'Activity',
    summary: 'The detail behind an activity header’s detailUrl (for a treatment: hcpName, status, line items and awards)',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam, id: t.string }),
    responses: { 200: { description: 'Detail' }, 403: { description: 'Another participant' }, 404: { description: 'No such activity for this member' } },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'activity-detail', at: deps.now() });
      const detail = await activityDetail(deps.pool, params.paxId, params.id, dateIn(deps.settings.timeZone, deps.now()));
      if (!detail) throw notFound(`Activity ${params.id}`);
      return { status: 200, body: detail };
    },
  }),
];
