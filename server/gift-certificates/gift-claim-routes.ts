import { correlationId } from '../operations/request-context';
import * as t from 'io-ts';
import { certificateStream } from '../../event-schemas';
import { formatPosition } from '../../event-schemas/store/position';
import { certificateItem } from '../../projections/certificates/certificate-item';
import { giftsSent } from '../../projections/certificates/certificates-query';
import { actorOf, type Caller } from '../auth/caller';
import { handleCommand } from '../core/command-handler';
import { PaxIdParam } from '../core/http-codecs';
import { forbidden, notFound, Problem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { claimGift } from './claim-gift';
import { assertCanReadFor } from '../privacy/access-log';
import { giftSenderName, giftTitle, type GiftCodeCheck, type GiftCodeStanding } from '../../event-schemas/contract/gift-claim';

const CodeQuery = t.type({ code: t.string });
const UNKNOWN_CODE = 'is not the code of any gift certificate: check it against the e-mail';

interface GiftRow {
  code: string;
  pax_id: string;
  purchased_by: string | null;
  status: string;
  claimed: boolean;
  name: string;
  amount: string;
  gift_sender_name: string | null;
}

/** Where a gift stands for the member asking, as the claim itself would decide it (server/gift-certificates/claim-gift.ts). */
const standingOf = (g: GiftRow, paxId: number): GiftCodeStanding => {
  if (g.claimed) return Number(g.pax_id) === paxId ? 'CLAIMED_BY_YOU' : 'ALREADY_CLAIMED';
  if (g.purchased_by !== null && Number(g.purchased_by) === paxId) return 'SENT_BY_YOU';
  return g.status === 'ACTIVE' ? 'CLAIMABLE' : 'NOT_ACTIVE';
};

const memberOf = (caller: Caller): number => {
  if (caller.kind !== 'participant' || (caller.isAdmin && caller.impersonatorId === null))
    throw forbidden('Only a member (or an admin impersonating one) claims a gift');
  return caller.paxId;
};

/** A gift belongs to its recipient once they claim its code; its buyer sees it as sent, with its status. */
export const giftClaimRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/gift-certificates/claim',
    tag: 'Gift certificates',
    summary:
      'What a gift code is before it is claimed: claimable, already claimed (by the caller or another), sent by the caller, or no longer ACTIVE, with the gift and its sender as its e-mail names them',
    access: 'signed-in',
    query: CodeQuery,
    responses: {
      200: { description: 'The code’s standing (event-schemas/contract/gift-claim.ts)' },
      403: { description: 'Not a member' },
      404: { description: 'No gift certificate has this code (query.code)' },
    },
    handler: async ({ query, caller }) => {
      const paxId = memberOf(caller);
      const code = query.code.trim().toUpperCase();
      const found = await deps.pool.query<GiftRow>(
        `SELECT code, pax_id, purchased_by, status, claimed_at IS NOT NULL AS claimed, name, amount, gift_sender_name
           FROM rm_certificates WHERE code = $1 AND gift_recipient_email IS NOT NULL`,
        [code],
      );
      const gift = found.rows[0];
      if (!gift) throw new Problem('not-found', 'No gift certificate has this code', [{ path: 'query.code', message: UNKNOWN_CODE }]);
      const standing = standingOf(gift, paxId);
      const body: GiftCodeCheck =
        standing === 'ALREADY_CLAIMED'
          ? { code, standing }
          : { code, standing, title: giftTitle(Number(gift.amount), gift.name), sender: giftSenderName(gift.gift_sender_name) };
      return { status: 200, body };
    },
  }),
  route({
    method: 'post',
    path: '/gift-certificates/claim',
    tag: 'Gift certificates',
    summary: 'The recipient of a gift certificate claims it with the code from its e-mail: it moves to their wallet, once',
    access: 'signed-in',
    body: t.type({ code: t.string }),
    responses: {
      200: { description: 'Claimed: the certificate as it is now the member’s' },
      404: { description: 'No gift certificate has this code' },
      409: { description: 'Already claimed, or the claimant sent it' },
      410: { description: 'No longer ACTIVE' },
    },
    handler: async ({ body, caller }) => {
      const paxId = memberOf(caller);
      const found = await deps.pool.query<{ certificate_id: string }>(
        'SELECT certificate_id FROM rm_certificates WHERE code = $1 AND gift_recipient_email IS NOT NULL',
        [body.code.trim().toUpperCase()],
      );
      if (!found.rowCount) throw notFound('A gift certificate with this code');
      const result = await handleCommand(
        deps.store,
        claimGift,
        certificateStream(found.rows[0].certificate_id),
        { claimantPaxId: paxId },
        { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
      );
      const s = result.state;
      if (s.kind !== 'issued') throw notFound('A gift certificate with this code');
      const item = certificateItem({ ...s, gift: s.gift ? { ...s.gift, claimed: s.claimed } : undefined });
      return { status: 200, body: { ...item, position: result.position ? formatPosition(result.position) : undefined } };
    },
  }),
  route({
    method: 'get',
    path: '/participants/:paxId/gifts-sent',
    tag: 'Gift certificates',
    summary: 'The gift certificates a member bought for others, claimed or not, with their status now',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: { 200: { description: 'Gifts, newest first' } },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'gifts-sent', at: deps.now() });
      return { status: 200, body: await giftsSent(deps.pool, params.paxId) };
    },
  }),
];
