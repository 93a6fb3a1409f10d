import { createEvent } from 'effector';

/**
 * The live stream could not replay what this tab missed (it reconnected after the messages were pruned, or after a
 * rebuild of the read models) and sent a fresh points snapshot instead: lists kept up from messages (the activity
 * list, the wallet) may lack rows and are read again.
 */
export const liveReplayLost = createEvent();
