import type { Referrals } from '../../event-schemas/contract/referrals';
import * as t from 'io-ts';
import { PaxIdParam } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { referralLotId } from './award-referral';
import { assertCanReadFor } from '../privacy/access-log';

const Referrals = t.type({
  refCode: t.union([t.string, t.null]),
  link: t.union([t.string, t.null]),
  referred: t.array(t.type({ firstName: t.string, enrolledAt: t.string, rewarded: t.boolean })),
});

export const joinLink = (refCode: string) => `/join-now?refCode=${encodeURIComponent(refCode)}`;

export const referralRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/participants/:paxId/referrals',
    tag: 'Participants',
    summary: "A member's referral link and the friends who joined through it (first names only), newest first",
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: {
      200: { description: 'Referral link and referred friends', schema: Referrals },
      403: { description: 'Another participant' },
      404: { description: 'Unknown' },
    },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'referrals', at: deps.now() });
      const owner = await deps.pool.query<{ ref_code: string | null }>('SELECT ref_code FROM participants WHERE pax_id = $1', [params.paxId]);
      if (!owner.rowCount) throw notFound(`Participant ${params.paxId}`);
      const friends = await deps.pool.query<{ pax_id: string; first_name: string; created_at: Date }>(
        'SELECT pax_id, first_name, created_at FROM participants WHERE referred_by = $1 ORDER BY created_at DESC, pax_id DESC',
        [params.paxId],
      );
      // "Rewarded" is read from the activity read model, like every other REST read; its rows are keyed by lot id.
      const rowIdOf = (friendId: string) => `award-${referralLotId(Number(friendId), 'referrer')}`;
      const rewarded = await deps.pool.query<{ id: string }>('SELECT id FROM rm_activity WHERE id = ANY($1) AND pax_id = $2', [
        friends.rows.map((f) => rowIdOf(f.pax_id)),
        params.paxId,
      ]);
      const rewardedIds = new Set(rewarded.rows.map((r) => r.id));
      const refCode = owner.rows[0].ref_code;
      return {
        status: 200,
        body: {
          refCode,
          link: refCode ? joinLink(refCode) : null,
          referred: friends.rows.map((f) => ({
            firstName: f.first_name,
            enrolledAt: f.created_at.toISOString(),
            rewarded: rewardedIds.has(rowIdOf(f.pax_id)),
          })),
        } satisfies Referrals,
      };
    },
  }),
];
