import { PromotionCreated } from '../promotion-created';
import { PromotionRevised } from '../promotion-revised';
import { PromotionStatusChanged } from '../promotion-status-changed';
import { streamEvents, type EventsOf } from '../stream-events';

/** `promotion-{id}`: an incentive promotion's record, its revisions while NEW or DRAFT, and its status changes. */
export const promotionEvents = streamEvents('promotion', [PromotionCreated, PromotionRevised, PromotionStatusChanged]);
export type PromotionEvent = EventsOf<typeof promotionEvents>;
