import { correlationId } from '../operations/request-context';
import { randomUUID } from 'node:crypto';
import * as t from 'io-ts';
import type { GivePointsAnswer } from '../../event-schemas/contract/participants';
import { memberStream } from '../../event-schemas';
import { pointsSummary } from '../../projections/member-points/points-query';
import { actorOf, assertCanActFor } from '../auth/caller';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { PaxIdParam } from '../core/http-codecs';
import { route } from '../core/route';
import { assertParticipantExists } from '../participants/known-participants';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { GivePointsBody, givePoints } from './give-points';
import { assertExistsRecordingAccess } from '../privacy/access-log';
import { programmeToday } from './award-dates';

const PointsAnswer = t.type({ balance: t.number, pending: t.number, expiring: t.array(t.type({ amount: t.number, expirationDate: t.string })) });

export const pointsRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId/points',
    tag: 'Points',
    summary: 'Balance, pending points and the next expiring amounts',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'Points', schema: PointsAnswer },
      403: { description: 'Another participant' },
      404: { description: 'Unknown participant' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      await assertExistsRecordingAccess(deps.pool, { caller, paxId: params.paxId, action: 'points', at: deps.now() });
      return { status: 200, body: await pointsSummary(deps.pool, params.paxId, dateIn(deps.settings.timeZone, deps.now())) };
    },
  }),
  route({
    method: 'post',
    path: '/admin/participants/:paxId/points',
    tag: 'Admin',
    summary: 'Give a member points; a repeated idempotencyKey answers 200 and awards nothing',
    access: 'admin',
    params: t.type({ paxId: PaxIdParam }),
    body: GivePointsBody,
    responses: {
      201: { description: 'Awarded', schema: t.type({ balance: t.number, position: t.string }) },
      200: { description: 'Already awarded with this key', schema: t.type({ balance: t.number, position: t.string }) },
      400: { description: 'Invalid' },
      404: { description: 'Unknown participant' },
    },
    handler: async ({ params, body, caller }) => {
      await assertParticipantExists(deps.pool, params.paxId);
      const now = deps.now();
      const result = await handleCommand(
        deps.store,
        givePoints,
        memberStream(params.paxId),
        {
          ...body,
          paxId: params.paxId,
          lotId: randomUUID(),
          today: programmeToday(deps.settings.timeZone, now),
          defaultExpiryMonths: deps.settings.pointsExpiryMonths,
        },
        { actor: actorOf(caller), correlationId: correlationId(), now },
      );
      if (result.position)
        return { status: 201, body: { balance: result.state.balance, position: formatPosition(result.position) } satisfies GivePointsAnswer };
      const original = result.history.find((h) => h.event.type === 'PointsAwarded' && h.event.data.idempotencyKey === body.idempotencyKey)!;
      return { status: 200, body: { balance: result.state.balance, position: formatPosition(original.position) } satisfies GivePointsAnswer };
    },
  }),
];
