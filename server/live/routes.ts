import type { LiveTicket } from '../../event-schemas/contract/programme-info';
import * as t from 'io-ts';
import { callerForTokenHash } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import type { SignedIn } from '../auth/caller';
import { unauthorized } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { parsePosition } from '../../event-schemas/store/position';

const TICKET_SECONDS = 60;

export const liveRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/live/tickets',
    tag: 'Live',
    summary: `A single-use ticket (valid ${TICKET_SECONDS} s) for opening the live stream from a browser EventSource`,
    access: 'signed-in',
    responses: { 201: { description: 'Ticket', schema: t.type({ ticket: t.string, expiresInSeconds: t.number }) } },
    handler: async ({ caller }) => {
      const ticket = newToken();
      await deps.pool.query(`INSERT INTO live_tickets (ticket_hash, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
        hashToken(ticket),
        (caller as SignedIn).tokenHash,
        TICKET_SECONDS,
      ]);
      await deps.pool.query('DELETE FROM live_tickets WHERE expires_at < now()');
      return { status: 201, body: { ticket, expiresInSeconds: TICKET_SECONDS } satisfies LiveTicket };
    },
  }),
  route({
    method: 'get',
    path: '/live',
    tag: 'Live',
    summary:
      "The signed-in participant's live updates (text/event-stream): points, activity, certificate, each with its log position as id; " +
      'and promotions, without an id, when the promotions every member may see have changed (re-read /promotions/tiles); ' +
      "and, to an admin's own session only, reports, without an id, when the programme report has moved (re-read /admin/reports); " +
      'and resync, without an id, after the points snapshot a reconnect gets when its Last-Event-ID is too old to replay from (re-read the activity and certificates)',
    access: 'public',
    query: t.partial({ ticket: t.string, lastEventId: t.string }),
    responses: {
      200: { description: 'An event stream; each id is a global log position', contentType: 'text/event-stream' },
      401: { description: 'No valid token or ticket' },
    },
    handler: async ({ query, caller, req, res }) => {
      let who = caller;
      if (who.kind !== 'participant' && query.ticket) {
        const r = await deps.pool.query<{ token_hash: Buffer }>('DELETE FROM live_tickets WHERE ticket_hash = $1 AND expires_at > now() RETURNING token_hash', [
          hashToken(query.ticket),
        ]);
        if (r.rowCount) who = await callerForTokenHash(deps.pool, r.rows[0].token_hash);
      }
      if (who.kind !== 'participant') throw unauthorized('Send auth-token, or a ticket from POST /api/rest/live/tickets');
      const lastId = req.header('last-event-id') ?? query.lastEventId;
      await deps.hub.open(who.paxId, who.tokenHash, res, lastId ? parsePosition(lastId) : undefined, who.isAdmin);
      return 'streamed';
    },
  }),
];
