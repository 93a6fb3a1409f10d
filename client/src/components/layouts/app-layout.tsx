import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { hiddenChrome } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { routeChanged } from '../../stores/route-query';
import { ChatWidget } from '../chat-widget';
import { LazyDialogHost } from '../dialogs/lazy-dialog-host';
import { Footer } from '../footer/footer';
import { PageLoader } from '../page-loader';
import { SafetyInformation } from '../safety/safety-information';
import { Logo } from '../top-bar/logo';
import { UnauthenticatedTopBar } from '../top-bar/unauthenticated-top-bar';

const MemberChrome = lazy(() => import('./member-chrome'));

function BareTopBar() {
  return (
    <header className="top-bar">
      <Logo href={paths.landing} />
    </header>
  );
}

/** The member top bar once signed in, the public one when not, just the logo while the session is checked. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [path] = useLocation();
  const search = useSearch();
  const hidden = hiddenChrome(search);
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
          {status === 'authenticated' && (
            <Suspense fallback={<BareTopBar />}>
              <MemberChrome />
            </Suspense>
          )}
          {status === 'unauthenticated' && <UnauthenticatedTopBar />}
          {status === 'loading' && <BareTopBar />}
        </>
      )}
      <main className="app-layout__main" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
      <SafetyInformation />
      {!hidden.footer && <Footer />}
      <ChatWidget />
      <LazyDialogHost />
    </div>
  );
}
