import * as t from 'io-ts';
import { PageParam, PaxIdParam, sizeParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertParticipantExists } from '../participants/known-participants';

const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 100;

const Actor = t.intersection([
  t.type({ kind: t.keyof({ admin: null, 'admin-as-participant': null }), adminId: t.number, name: t.union([t.string, t.null]) }),
  t.partial({ paxId: t.number }),
]);
const AccessEntry = t.type({ actor: Actor, action: t.string, occurredAt: t.string });

interface Row {
  admin_id: string;
  impersonating: boolean;
  action: string;
  occurred_at: Date;
  first_name: string | null;
  last_name: string | null;
}

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
      const [rows, count] = await Promise.all([
        deps.pool.query<Row>(
          `SELECT l.admin_id, l.impersonating, l.action, l.occurred_at, a.first_name, a.last_name
             FROM member_access_log l LEFT JOIN participants a ON a.pax_id = l.admin_id
            WHERE l.pax_id = $1 ORDER BY l.occurred_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
          [params.paxId, size, page * size],
        ),
        deps.pool.query<{ total: string }>('SELECT count(*) AS total FROM member_access_log WHERE pax_id = $1', [params.paxId]),
      ]);
      const total = Number(count.rows[0]?.total ?? 0);
      const headers: Record<string, string> = { 'x-total-count': String(total) };
      if ((page + 1) * size < total) headers.link = `</api/rest/admin/participants/${params.paxId}/access-log?page=${page + 1}&size=${size}>; rel="next"`;
      const body = rows.rows.map((r) => ({
        actor: {
          kind: r.impersonating ? ('admin-as-participant' as const) : ('admin' as const),
          adminId: Number(r.admin_id),
          ...(r.impersonating ? { paxId: params.paxId } : {}),
          name: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
        },
        action: r.action,
        occurredAt: r.occurred_at.toISOString(),
      }));
      return { status: 200, body, headers };
    },
  }),
];
