import { createEvent } from 'effector';

/** A live `activity` message: a header was added or changed (a treatment recorded, processed, points awarded...). */
export const liveActivityReceived = createEvent<unknown>();
