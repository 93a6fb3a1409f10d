import { AppLayout } from '../components/layouts/app-layout';
import AdminChrome from '../features/admin-tools/components/admin-chrome';
import PracticeChrome from '../features/practice-desk/components/practice-chrome';
import type { SessionDeps } from '../session/session.machine';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { DocumentTitle } from './document-title';
import { ScrollToTop } from './scroll-to-top';

export function App({ sessionDeps }: { sessionDeps?: SessionDeps }) {
  return (
    <AppProviders sessionDeps={sessionDeps}>
      <AppLayout AdminChrome={AdminChrome} PracticeChrome={PracticeChrome}>
        <ScrollToTop />
        <DocumentTitle />
        <AppRoutes />
      </AppLayout>
    </AppProviders>
  );
}
