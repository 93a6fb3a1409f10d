import { lazy, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { RequireMember } from '../components/guards/require-member';
import { NotFoundPage } from '../components/not-found-page';
import { paths } from '../config/routes';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/login/login-page'));
const HomePage = lazy(() => import('../features/home/home-page'));
const AdminRoutes = lazy(() => import('../features/admin-tools/admin-routes'));

const member = (page: ReactNode) => <RequireMember>{page}</RequireMember>;

/** The member spec's route table; screens join it as their issues land. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path={paths.landing} component={LandingPage} />
      <Route path={paths.login} component={LoginPage} />
      <Route path={paths.home}>{member(<HomePage />)}</Route>
      <Route path={paths.adminTools} nest>
        <AdminRoutes />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
