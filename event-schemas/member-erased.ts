import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId } from './primitives';

/** Who asked for the erasure: the member themselves (with their password) or staff (with a reason). */
export const ErasureRequestedBy = t.keyof({ MEMBER: null, STAFF: null });

/**
 * The member's personal data was erased at their request (issue 25, item 4). The last fact of a member stream that
 * moves anything: their points were forfeited in the same append (PointsForfeited), and no command appends a fact
 * about them after it (server/core/erased-streams.ts). Read models blank what they hold about the member on it.
 * `reason` is staff's ground for the erasure (a ticket, a law), never about the person: the admin form says so.
 */
export const MemberErased = defineEvent(
  'MemberErased',
  1,
  t.type({
    paxId: PaxId,
    requestedBy: ErasureRequestedBy,
    reason: t.union([t.string, t.null]),
  }),
);
