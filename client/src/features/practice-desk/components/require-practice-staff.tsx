import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/routes';
import { rememberReturnTo } from '../../../lib/return-to';
import { practiceOf } from '../../../session/practice-session';
import { useSession } from '../../../session/session-provider';

/** The practice's screens: staff only; a member or admin is told so, a visitor signs in first. */
export function RequirePracticeStaff({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { status, pax } = useSession();
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (status === 'unauthenticated') {
    rememberReturnTo(`${window.location.pathname}${window.location.search}`);
    return <Redirect to={paths.login} replace />;
  }
  const practice = practiceOf(pax);
  if (!practice) return <p role="alert">These pages are for a practice's staff. Members and administrators have their own.</p>;
  if (admin && practice.role !== 'PRACTICE_ADMIN') return <p role="alert">Only the practice's administrators manage its staff and keys.</p>;
  return <>{children}</>;
}
