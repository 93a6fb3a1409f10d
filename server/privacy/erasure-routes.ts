import * as t from 'io-ts';
import { boundedString } from '../../event-schemas/primitives';
import { actorOf } from '../auth/caller';
import { recordAttempt } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import { PaxIdParam } from '../core/http-codecs';
import { forbidden, Problem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertErasable, eraseMemberEverywhere } from './erasure';

const Erased = t.type({ paxId: t.number, erasedAt: t.string, position: t.string });
const answers = {
  202: { description: 'Erased: the log position of the erasure, for x-wait-for-position', schema: Erased },
  401: { description: 'Anonymous' },
  404: { description: 'Unknown participant' },
  409: { description: 'Already erased, or a staff account (closed by removing its access, not erased)' },
};

/** The right to delete (issue 25, item 4; CONTRACT.md): staff with a reason, or the member with their password. */
export const erasureRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/participants/:paxId/erasure',
    tag: 'Admin',
    summary:
      "Erases a member: their points and certificates forfeited, their personal data removed from every table and read model, their sessions ended. The reason is staff's ground (a request, a ticket), never about the person",
    access: 'admin',
    params: t.type({ paxId: PaxIdParam }),
    body: t.type({ reason: boundedString(500) }),
    responses: { ...answers, 400: { description: 'body.reason missing or empty' }, 403: { description: 'Not staff' } },
    handler: async ({ params, body, caller }) => {
      const answer = await eraseMemberEverywhere(deps, { paxId: params.paxId, requestedBy: 'STAFF', reason: body.reason.trim(), actor: actorOf(caller) });
      return { status: 202, body: answer };
    },
  }),
  route({
    method: 'post',
    path: '/participants/:paxId/erasure',
    tag: 'Participants',
    summary: 'The member erases their own account, confirming with their password (staff use the admin call)',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    body: t.type({ password: t.string }),
    responses: {
      ...answers,
      400: { description: 'body.password missing' },
      403: { description: 'Another member, staff, or a wrong password' },
      429: { description: 'Too many wrong passwords (counted with sign-in)' },
    },
    handler: async ({ params, body, caller, req }) => {
      // Only the member themselves: not another member, not an admin (even impersonating: the password is not theirs).
      if (caller.kind !== 'participant' || caller.paxId !== params.paxId || caller.impersonatorId !== null || caller.isAdmin)
        throw forbidden(`Only participant ${params.paxId} may erase their own account here`);
      await assertErasable(deps, params.paxId);
      const r = await deps.pool.query<{ username: string; password_hash: string }>('SELECT username, password_hash FROM participants WHERE pax_id = $1', [
        params.paxId,
      ]);
      // Guesses here count with the sign-in's for the account and the address (a stolen session must not become a
      // way to try passwords without limit): the same 429 once past them.
      const attempt = await recordAttempt(deps.pool, r.rows[0]?.username ?? '', req.ip ?? 'unknown');
      // 403, not 401: the session is fine, the confirmation is not (a 401 would sign the browser out).
      if (!(await verifyPassword(body.password, r.rows[0]?.password_hash ?? '')))
        throw new Problem('forbidden', 'That is not your password', [{ path: 'body.password', message: 'is not your password' }]);
      await attempt.withdraw();
      const answer = await eraseMemberEverywhere(deps, { paxId: params.paxId, requestedBy: 'MEMBER', reason: null, actor: actorOf(caller) });
      return { status: 202, body: answer };
    },
  }),
];
