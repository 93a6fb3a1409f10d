import type { BonusPoints } from '../../event-schemas/contract/participants';
import * as t from 'io-ts';
import { bonusPointsItems } from '../../projections/member-points/bonus-points-query';
import { PaxIdParam } from '../core/http-codecs';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { assertCanReadFor } from '../privacy/access-log';

const BonusPointsItem = t.type({
  lotId: t.string,
  description: t.string,
  source: t.string,
  amount: t.number,
  remaining: t.number,
  expirationDate: t.string,
  awardedAt: t.string,
});

export const bonusPointsRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId/bonus-points',
    tag: 'Points',
    summary: 'Bonus points items (admin, bonus, promotion, referral and survey awards): amount, what is left of it and its expiration date',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'Items, newest first', schema: t.type({ items: t.array(BonusPointsItem) }) },
      403: { description: 'Another participant' },
    },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'bonus-points', at: deps.now() });
      return { status: 200, body: { items: await bonusPointsItems(deps.pool, params.paxId) } satisfies BonusPoints };
    },
  }),
];
