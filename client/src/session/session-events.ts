import { createEvent } from 'effector';
import type { SessionUser } from './types';

/** The session machine reports here, so effector stores can load on sign-in and reset on sign-out. */
export const sessionAuthenticated = createEvent<{ user: SessionUser; impersonated: boolean }>();
export const sessionEnded = createEvent();
