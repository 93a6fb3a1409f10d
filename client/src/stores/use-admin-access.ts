import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useSession } from '../session/session-provider';
import { $adminAccess, adminAccessRequested, type AdminAccess } from './admin-access';

/**
 * The server's answer to "is this an admin?", asked once per session by whoever needs it first
 * (this store may load lazily, after the session started). An impersonating admin is never one.
 */
export function useAdminAccess(): AdminAccess {
  const { status, impersonated, pax } = useSession();
  const access = useUnit($adminAccess);
  const paxId = pax?.paxId ?? null;
  const needsCheck = status === 'authenticated' && !impersonated && access === 'unknown' && paxId !== null;
  useEffect(() => {
    if (needsCheck && paxId !== null) adminAccessRequested(paxId);
  }, [needsCheck, paxId]);
  return impersonated ? 'not-admin' : access;
}
