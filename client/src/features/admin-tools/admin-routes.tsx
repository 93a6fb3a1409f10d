import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../../components/not-found-page';
import { AdminGuard } from './admin-guard';
import { AdminToolsPage } from './admin-tools-page';

/** Everything under /admin-tools (nested, so paths here are relative); each tool adds its route here. */
export default function AdminRoutes() {
  return (
    <AdminGuard>
      <Switch>
        <Route path="/" component={AdminToolsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AdminGuard>
  );
}
