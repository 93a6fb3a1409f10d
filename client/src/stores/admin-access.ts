import type { Participant } from '../../../event-schemas/contract/participants';
import type { AdminAccessAnswer } from '../../../event-schemas/contract/programme-info';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { isApiError } from '../lib/problem';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';

export type AdminAccess = 'unknown' | 'checking' | 'admin' | 'not-admin';

/**
 * Asks for the check of the signed-in participant. It carries their paxId because this module may load lazily (with
 * the admin routes, after the session started): a paxId remembered from sign-in would be missing then, and an admin
 * opening /admin-tools directly was sent home.
 */
export const adminAccessRequested = createEvent<number>();

/**
 * Admin is what the server says. The member's own record (GET /participants/{paxId}, which a member may read) says
 * whether they are an admin at all; only then is /api/access/admin asked, because its 403 for a member is an expected
 * answer that a browser would still log as an error on every page. 401 and 403 both mean "not an admin"; anything
 * else is logged and treated the same.
 */
export const checkAdminFx = createEffect(async (paxId: number): Promise<boolean> => {
  try {
    const me = await api.get<Partial<Pick<Participant, 'isAdmin'>>>(`/api/rest/participants/${paxId}`, { quiet: true });
    // A record that does not say (an older server) is asked about like before.
    if (me?.isAdmin === false) return false;
    const answer = await api.get<Partial<AdminAccessAnswer>>('/api/access/admin', { quiet: true });
    return answer?.admin === true;
  } catch (error) {
    if (!isApiError(error, 401) && !isApiError(error, 403)) console.error('Admin check failed', error);
    return false;
  }
});

export const $adminAccess = createStore<AdminAccess>('unknown')
  .on(checkAdminFx, () => 'checking')
  .on(checkAdminFx.doneData, (access, admin) => (access !== 'checking' ? access : admin ? 'admin' : 'not-admin'))
  .reset(sessionEnded, sessionAuthenticated);

sample({ clock: sessionAuthenticated, filter: ({ impersonated }) => !impersonated, fn: ({ user }) => user.pax.paxId, target: adminAccessRequested });
sample({ clock: adminAccessRequested, source: $adminAccess, filter: (access) => access !== 'checking', fn: (_, paxId) => paxId, target: checkAdminFx });
