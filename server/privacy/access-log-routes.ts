import * as t from 'io-ts';
import { PageParam, PaxIdParam, sizeParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertParticipantExists } from '../participants/known-participants';
import { countAccessLog, readAccessLog } from './access-log-query';

const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 100;

const Actor = t.union([
  t.intersection([
    t.type({ kind: t.keyof({ admin: null, 'admin-as-participant': null }), adminId: t.number, name: t.union([t.string, t.null]) }),
    t.partial({ paxId: t.number }),
  ]),
  t.intersection([t.type({ kind: t.literal('practice'), practiceId: t.number, name: t.union([t.string, t.null]) }), t.partial({ userId: t.number })]),
]);
const AccessEntry = t.type({ actor: Actor, action: t.string, occurredAt: t.string });

export const accessLogRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/participants/:paxId/access-log',
    tag: 'Admin',
    summary:
      "Who looked: every staff read of the member's personal data or history, newest first (CONTRACT.md). One page of it: " +
      `page from 0, size up to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}); X-Total-Count counts every entry, and a Link header names the next page`,
    access: 'admin',
    params: t.type({ paxId: PaxIdParam }),
    query: t.partial({ page: PageParam, size: sizeParam(MAX_PAGE_SIZE) }),
    responses: {
      200: { description: 'Entries, newest first', schema: t.array(AccessEntry) },
      400: { description: 'Bad page or size' },
      404: { description: 'Unknown participant' },
    },
    // Reading who looked is not itself a read of the member's data: it is not recorded.
    handler: async ({ params, query }) => {
      await assertParticipantExists(deps.pool, params.paxId);
      const page = query.page ?? 0;
      const size = query.size ?? DEFAULT_PAGE_SIZE;
      const [body, total] = await Promise.all([readAccessLog(deps.pool, params.paxId, { page, size }), countAccessLog(deps.pool, params.paxId)]);
      const headers: Record<string, string> = { 'x-total-count': String(total) };
      if ((page + 1) * size < total) headers.link = `</api/rest/admin/participants/${params.paxId}/access-log?page=${page + 1}&size=${size}>; rel="next"`;
      return { status: 200, body, headers };
    },
  }),
];
