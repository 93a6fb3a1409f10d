import { createEvent, createStore } from 'effector';
import { sessionEnded } from '../session/session-events';

/**
 * Asks before signing out, then signs out: given the sign-out itself, it calls it once the member agrees. Only a page
 * holding something sign-out would really lose (a half-answered survey) sets one; a gift cart is kept in storage and
 * sign-out clears it on purpose (a shared device must not keep it), so it never stands in the way.
 */
export type SignOutGuard = (signOut: () => void) => void;

export const signOutGuardSet = createEvent<SignOutGuard | null>();
export const $signOutGuard = createStore<SignOutGuard | null>(null)
  .on(signOutGuardSet, (_, guard) => guard)
  .reset(sessionEnded);
