import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId } from './primitives';

/** An admin began acting as a member; recorded on the member's stream so support sees it in the timeline. */
export const ImpersonationStarted = defineEvent('ImpersonationStarted', 1, t.type({ paxId: PaxId, adminId: PaxId }));
export const ImpersonationEnded = defineEvent('ImpersonationEnded', 1, t.type({ paxId: PaxId, adminId: PaxId }));
