import { PromotionCreated } from '../promotion-created';
import { PromotionStatusChanged } from '../promotion-status-changed';
import { streamEvents, type EventsOf } from '../stream-events';

/** `promotion-{id}`: an incentive promotion's record and its status changes. */
export const promotionEvents = streamEvents('promotion', [PromotionCreated, PromotionStatusChanged]);
export type PromotionEvent = EventsOf<typeof promotionEvents>;
