import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../../components/not-found-page';
import { AdminGuard } from './admin-guard';
import { AdminToolsPage } from './admin-tools-page';

const SurveyListPage = lazy(() => import('../survey-builder/survey-list-page'));
const SurveyConfigurePage = lazy(() => import('../survey-builder/survey-configure-page'));
const StatusPage = lazy(() => import('../admin-status/status-page'));
const CampaignListPage = lazy(() => import('../campaign-tool/campaign-list-page'));
const CampaignConfigurationPage = lazy(() => import('../campaign-tool/campaign-configuration-page'));

/** Everything under /admin-tools (nested, so paths here are relative); each tool adds its route here. */
export default function AdminRoutes() {
  return (
    <AdminGuard>
      <Switch>
        <Route path="/" component={AdminToolsPage} />
        <Route path="/survey-builder" component={SurveyListPage} />
        <Route path="/survey-builder/configure" component={SurveyConfigurePage} />
        <Route path="/status" component={StatusPage} />
        <Route path="/campaign-tool" component={CampaignListPage} />
        <Route path="/campaign-tool/campaign-configuration" component={CampaignConfigurationPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AdminGuard>
  );
}
