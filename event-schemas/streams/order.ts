import { OrderPlaced } from '../gift-certificates';
import { streamEvents, type EventsOf } from '../stream-events';

/** `order-{id}`: a gift-certificate order, placed once its certificates exist (the purchase itself is the member's). */
export const orderEvents = streamEvents('order', [OrderPlaced]);
export type OrderEvent = EventsOf<typeof orderEvents>;
