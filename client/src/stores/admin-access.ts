import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { isApiError } from '../lib/problem';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';

export type AdminAccess = 'unknown' | 'checking' | 'admin' | 'not-admin';

export const adminAccessRequested = createEvent();

/** Admin is what the server says; 401 and 403 both mean "not an admin", anything else is logged and treated the same. */
export const checkAdminFx = createEffect(async (): Promise<boolean> => {
  try {
    const answer = await api.get<{ admin?: boolean }>('/api/access/admin', { quiet: true });
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

sample({ clock: sessionAuthenticated, filter: ({ impersonated }) => !impersonated, target: adminAccessRequested });
sample({ clock: adminAccessRequested, source: $adminAccess, filter: (access) => access !== 'checking', target: checkAdminFx });
