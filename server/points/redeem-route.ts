import type { RedeemAnswer } from '../../event-schemas/contract/participants';
import { correlationId as newCorrelationId } from '../operations/request-context';
import { randomUUID } from 'node:crypto';
import * as t from 'io-ts';
import { memberStream, type EventOfType } from '../../event-schemas';
import { actorOf, type Caller } from '../auth/caller';
import { newCertificateCode } from '../certificates/certificate-code';
import { issueCertificate, rewardName } from '../certificates/issue-certificate';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { PaxIdParam } from '../core/http-codecs';
import { forbidden } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { RedeemPointsBody, redeemPoints, REWARD_VALIDITY_DAYS } from './redeem-points';
import { REDEEM_TIER_RULE } from '../../event-schemas/contract/redeem-tiers';

const RedeemAnswerSchema = t.type({
  certificate: t.type({ id: t.string, code: t.string, name: t.string, amount: t.number, status: t.string, expirationDate: t.string }),
  balance: t.number,
  position: t.string,
});

/** Spending is acting, not reading: only the member, or an admin impersonating them (whose session is the member's). */
const assertActsAs = (caller: Caller, paxId: number) => {
  if (caller.kind !== 'participant' || caller.paxId !== paxId)
    throw forbidden(`Only participant ${paxId} (or an admin impersonating them) may redeem their points`);
};

export const redeemRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/participants/:paxId/points/redeem',
    tag: 'Points',
    summary: `Redeem points (the amount ${REDEEM_TIER_RULE}) for a reward certificate worth points / divisor dollars, valid ${REWARD_VALIDITY_DAYS} days`,
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    body: RedeemPointsBody,
    responses: {
      201: { description: 'The certificate issued', schema: RedeemAnswerSchema },
      400: { description: 'Amount not a redeem tier, or type not CONSUMER' },
      403: { description: 'Another participant' },
      409: { description: 'insufficient-points' },
    },
    handler: async ({ params, body, caller }) => {
      assertActsAs(caller, params.paxId);
      const now = deps.now();
      const correlationId = newCorrelationId();
      const ctx = { actor: actorOf(caller), correlationId, now };
      const result = await handleCommand(
        deps.store,
        redeemPoints,
        memberStream(params.paxId),
        {
          paxId: params.paxId,
          amount: body.amount,
          today: dateIn(deps.settings.timeZone, now),
          certificateId: randomUUID(),
          certificateCode: newCertificateCode(),
          divisor: deps.settings.redemptionDivisor,
        },
        ctx,
      );
      const redeemed = (result.appended[0] as EventOfType<'PointsRedeemed'>).data;
      // Same metadata as the PointsRedeemed, so the reconciler, were it first, would write the identical event.
      const issuedAt = await issueCertificate(deps.store, redeemed, {
        actor: ctx.actor,
        correlationId,
        causationId: correlationId,
        occurredAt: now.toISOString(),
      }).catch((error: unknown) => {
        // The points are spent and the certificate is fully determined by that event: the reconciler issues it.
        deps.log(`certificate ${redeemed.certificateId} left to the reconciler`, error);
        return undefined;
      });
      const c = {
        id: redeemed.certificateId,
        code: redeemed.certificateCode,
        amount: redeemed.value,
        status: 'ACTIVE',
        expirationDate: redeemed.expirationDate,
      };
      return {
        status: 201,
        body: {
          certificate: { ...c, name: rewardName(redeemed.value) },
          balance: result.state.balance,
          position: formatPosition(issuedAt ?? result.position!),
        } satisfies RedeemAnswer,
      };
    },
  }),
];
