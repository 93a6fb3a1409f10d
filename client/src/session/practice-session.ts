import type { PracticeOfSession } from '../../../event-schemas/contract/session';
import type { Pax } from './types';

export type { PracticeOfSession };

/**
 * The practice a signed-in staff member works for, kept with their session; null for members and admins. Staff land
 * on /practice under a frame of their own, and the member side's stores, live stream and chrome never load for them.
 */
export const practiceOf = (pax: Pax | null | undefined): PracticeOfSession | null => {
  const p = pax?.practice as Partial<PracticeOfSession> | undefined;
  return p && typeof p.practiceId === 'number' && typeof p.name === 'string' && (p.role === 'PRACTICE_ADMIN' || p.role === 'FRONT_DESK')
    ? (p as PracticeOfSession)
    : null;
};
