import { lazy } from 'react';
import { AppLayout } from '../components/layouts/app-layout';
import type { SessionDeps } from '../session/session.machine';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { DocumentTitle } from './document-title';
import { ScrollToTop } from './scroll-to-top';

const AdminChrome = lazy(() => import('../features/admin-tools/components/admin-chrome'));

export function App({ sessionDeps }: { sessionDeps?: SessionDeps }) {
  return (
    <AppProviders sessionDeps={sessionDeps}>
      <AppLayout AdminChrome={AdminChrome}>
        <ScrollToTop />
        <DocumentTitle />
        <AppRoutes />
      </AppLayout>
    </AppProviders>
  );
}
