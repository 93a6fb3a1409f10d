import { useRef, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../config/routes';
import { rememberReturnTo } from '../../lib/return-to';
import { useSession } from '../../session/session-provider';
import { practiceOf } from '../../session/practice-session';
import { PageLoader } from '../page-loader';

/**
 * Member routes: wait for the session check, then show the page or go to /login. A signed-out visitor who asked for
 * this page comes back to it after signing in (a same-site path, kept for this tab); a member who signs out here does
 * not: the next person to sign in on the device starts at /home.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { status, pax } = useSession();
  const wasSignedIn = useRef(false);
  if (status === 'authenticated') wasSignedIn.current = true;
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (status === 'unauthenticated') {
    if (!wasSignedIn.current) rememberReturnTo(`${window.location.pathname}${window.location.search}`);
    return <Redirect to={paths.login} replace />;
  }
  // A practice's staff member is signed in, but not as a member: their pages are the practice's.
  if (practiceOf(pax)) return <Redirect to={paths.practice} replace />;
  return <>{children}</>;
}
