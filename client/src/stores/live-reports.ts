import { createEvent } from 'effector';

/**
 * The programme report moved (a `reports` message on an admin's own live stream, server/live/hub.ts): an open insight
 * screen reads its figures again. Also fired when the stream (re)opens, since topics are not replayed.
 */
export const reportsChanged = createEvent();
