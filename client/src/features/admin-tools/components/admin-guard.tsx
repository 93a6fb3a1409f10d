import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/routes';
import { useSession } from '../../../session/session-provider';
import { useAdminAccess } from '../../../stores/use-admin-access';

/**
 * /login when anonymous; /home when the server says "not an admin" or an admin is impersonating a member.
 * It sits inside the /admin-tools nest, so its redirects start with "~" to leave it.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const access = useAdminAccess();
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (status === 'unauthenticated') return <Redirect to={`~${paths.login}`} replace />;
  if (access === 'not-admin') return <Redirect to={`~${paths.home}`} replace />;
  if (access !== 'admin') return <PageLoader label="Checking access" />;
  return <>{children}</>;
}
