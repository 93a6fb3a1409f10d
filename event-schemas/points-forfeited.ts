import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId, PositiveInteger } from './primitives';

/** Why points were forfeited: the only cause so far is the member's erasure (their account is gone, so are its points). */
export const ForfeitReason = t.literal('MEMBER_ERASED');

/** What was left of a lot when the member was erased; it no longer counts in the balance (the report's `forfeited`). */
export const PointsForfeited = defineEvent(
  'PointsForfeited',
  1,
  t.type({
    paxId: PaxId,
    lotId: t.string,
    amount: PositiveInteger,
    reason: ForfeitReason,
  }),
);
