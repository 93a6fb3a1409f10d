import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PromotionStatus } from './promotion-created';
import { Uuid } from './primitives';

/** A promotion moved from one status to another; the admin who did it is the event's actor. */
export const PromotionStatusChanged = defineEvent(
  'PromotionStatusChanged',
  1,
  t.type({
    promotionId: Uuid,
    from: PromotionStatus,
    to: PromotionStatus,
    reason: t.union([t.string, t.null]),
  }),
);
