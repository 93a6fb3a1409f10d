import { AppLayout } from '../components/layouts/app-layout';
import type { SessionDeps } from '../session/session.machine';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ sessionDeps }: { sessionDeps?: SessionDeps }) {
  return (
    <AppProviders sessionDeps={sessionDeps}>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </AppProviders>
  );
}
