import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useSession } from '../session/session-provider';
import { $adminAccess, adminAccessRequested, type AdminAccess } from './admin-access';

/**
 * The server's answer to "is this an admin?", asked once per session by whoever needs it first
 * (this store may load lazily, after the session started). An impersonating admin is never one.
 */
export function useAdminAccess(): AdminAccess {
  const { status, impersonated } = useSession();
  const access = useUnit($adminAccess);
  const needsCheck = status === 'authenticated' && !impersonated && access === 'unknown';
  useEffect(() => {
    if (needsCheck) adminAccessRequested();
  }, [needsCheck]);
  return impersonated ? 'not-admin' : access;
}
