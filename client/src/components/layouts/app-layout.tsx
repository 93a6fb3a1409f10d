import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { hiddenChrome } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { practiceOf } from '../../session/practice-session';
import { useAdminAccess } from '../../stores/use-admin-access';
import { routeChanged } from '../../stores/route-query';
import { ChatWidget } from '../chat-widget';
import { LazyDialogHost } from '../dialogs/lazy-dialog-host';
import { Footer } from '../footer/footer';
import { PageLoader } from '../page-loader';
import { SafetyInformation } from '../safety/safety-information';
import { Logo } from '../top-bar/logo';
import { UnauthenticatedTopBar } from '../top-bar/unauthenticated-top-bar';
import { hasStoredSession, useMemberChrome } from './use-member-chrome';

/** The admin tools' pages, which an administrator sees in their own frame (admin-chrome.tsx). */
const isAdminPath = (path: string) => path === paths.adminTools || path.startsWith(`${paths.adminTools}/`);

function BareTopBar() {
  return (
    <header className="top-bar">
      <Logo href={paths.landing} />
    </header>
  );
}

/**
 * The member top bar once signed in, the public one when not, just the logo while the session is checked; an
 * administrator's admin pages get `AdminChrome` instead (given by app/, which wires features in) and none of the
 * member chrome below the page. A frame that arrives after the page pushes it down under a click already aimed (a CI
 * run's admin spec opened the wrong tool), so neither comes late: `AdminChrome` must be ready when given (not lazy),
 * and the page stays unseen, mounted, until its frame is known and loaded.
 */
export function AppLayout({ children, AdminChrome, PracticeChrome }: { children: ReactNode; AdminChrome: ComponentType; PracticeChrome: ComponentType }) {
  const { status, pax } = useSession();
  // A practice's staff member signed in: the practice's frame wherever they are, never the member chrome.
  const practiceFrame = status === 'authenticated' && practiceOf(pax) !== null;
  const [path] = useLocation();
  const search = useSearch();
  const hidden = hiddenChrome(search);
  // A member who types an admin address keeps the portal's frame; the guard there says the page is not theirs. Until
  // the server has answered, an admin address shows only the logo: neither frame is known to be the right one yet.
  const access = useAdminAccess();
  const adminFrame = access === 'admin' && isAdminPath(path);
  const frameUndecided = isAdminPath(path) && (access === 'unknown' || access === 'checking');
  const memberChrome = useMemberChrome(!practiceFrame && (status === 'authenticated' || (status === 'loading' && hasStoredSession())));
  const memberFrame = status === 'authenticated' && !frameUndecided && !adminFrame && !practiceFrame;
  // Unseen while the frame it will sit under is not known (the tab's first check of the session) or not loaded. A later
  // check (another tab signed in, the live stream was refused) leaves the page seen: hiding it would take the focus
  // from a field being typed in.
  const [sessionKnown, setSessionKnown] = useState(status !== 'loading');
  useEffect(() => {
    if (status !== 'loading') setSessionKnown(true);
  }, [status]);
  const pageHeld = !hidden.header && ((status === 'loading' && !sessionKnown) || (memberFrame && memberChrome.state === 'loading'));
  useEffect(() => {
    routeChanged({ path, search });
  }, [path, search]);
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!hidden.header && (
        <>
          {status === 'authenticated' && frameUndecided && !practiceFrame && <BareTopBar />}
          {practiceFrame && <PracticeChrome />}
          {status === 'authenticated' && adminFrame && <AdminChrome />}
          {memberFrame && (memberChrome.state === 'ready' ? <memberChrome.Component /> : <BareTopBar />)}
          {status === 'unauthenticated' && <UnauthenticatedTopBar />}
          {status === 'loading' && <BareTopBar />}
        </>
      )}
      <main className="app-layout__main" id="main" tabIndex={-1} style={pageHeld ? { visibility: 'hidden' } : undefined}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
      {!adminFrame && !practiceFrame && <SafetyInformation />}
      {!hidden.footer && !adminFrame && <Footer />}
      {!adminFrame && !practiceFrame && <ChatWidget />}
      <LazyDialogHost />
    </div>
  );
}
