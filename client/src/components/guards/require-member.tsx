import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../config/routes';
import { useSession } from '../../session/session-provider';
import { PageLoader } from '../page-loader';

/** Member routes: wait for the session check, then show the page or go to /login. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (status === 'unauthenticated') return <Redirect to={paths.login} replace />;
  return <>{children}</>;
}
