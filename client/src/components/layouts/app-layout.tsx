import { lazy, Suspense, type ReactNode } from 'react';
import { paths } from '../../config/routes';
import { useSession } from '../../session/session-provider';
import { PageLoader } from '../page-loader';
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
  return (
    <div className="app-layout">
      {status === 'authenticated' && (
        <Suspense fallback={<BareTopBar />}>
          <MemberChrome />
        </Suspense>
      )}
      {status === 'unauthenticated' && <UnauthenticatedTopBar />}
      {status === 'loading' && <BareTopBar />}
      <main className="app-layout__main" id="main">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
    </div>
  );
}
