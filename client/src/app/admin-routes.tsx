import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/not-found-page';
import { AdminGuard } from '../features/admin-tools/components/admin-guard';
import { AdminToolsPage } from '../features/admin-tools/admin-tools-page';

const SurveyListPage = lazy(() => import('../features/survey-builder/survey-list-page'));
const SurveyConfigurePage = lazy(() => import('../features/survey-builder/survey-configure-page'));
const SurveyResultsPage = lazy(() => import('../features/survey-builder/survey-results-page'));
const StatusPage = lazy(() => import('../features/admin-status/status-page'));
const CampaignListPage = lazy(() => import('../features/campaign-tool/campaign-list-page'));
const CampaignConfigurationPage = lazy(() => import('../features/campaign-tool/campaign-configuration-page'));
const ContentListPage = lazy(() => import('../features/content-admin/content-list-page'));
const ContentEntryPage = lazy(() => import('../features/content-admin/content-entry-page'));
const PromoListPage = lazy(() => import('../features/promo-builder/promo-list-page'));
const PromoConfigurePage = lazy(() => import('../features/promo-builder/promo-configure-page'));
const ProductConfigurationPage = lazy(() => import('../features/catalogue-tools/product-configuration-page'));
const CategoryListPage = lazy(() => import('../features/catalogue-tools/category-list-page'));
const CategoryConfigurePage = lazy(() => import('../features/catalogue-tools/category-configure-page'));
const EmployeeSearchPage = lazy(() => import('../features/member-care/employee-search-page'));
const MemberSupportPage = lazy(() => import('../features/member-care/member-support-page'));
const GivePointsPage = lazy(() => import('../features/member-care/give-points-page'));
const ImpersonatePage = lazy(() => import('../features/member-care/impersonate-page'));
const InsightsPage = lazy(() => import('../features/insights/insights-page'));

/** Everything under /admin-tools (nested, so paths here are relative); each tool adds its route here. */
export default function AdminRoutes() {
  return (
    <AdminGuard>
      <Switch>
        <Route path="/" component={AdminToolsPage} />
        <Route path="/survey-builder" component={SurveyListPage} />
        <Route path="/survey-builder/configure" component={SurveyConfigurePage} />
        <Route path="/survey-builder/results" component={SurveyResultsPage} />
        <Route path="/status" component={StatusPage} />
        <Route path="/campaign-tool" component={CampaignListPage} />
        <Route path="/campaign-tool/campaign-configuration" component={CampaignConfigurationPage} />
        <Route path="/content" component={ContentListPage} />
        <Route path="/content/entry" component={ContentEntryPage} />
        <Route path="/promo-builder" component={PromoListPage} />
        <Route path="/promo-builder/configure" component={PromoConfigurePage} />
        <Route path="/employee-search" component={EmployeeSearchPage} />
        <Route path="/employee-search/member" component={MemberSupportPage} />
        <Route path="/give-points" component={GivePointsPage} />
        <Route path="/impersonate" component={ImpersonatePage} />
        <Route path="/insights" component={InsightsPage} />
        <Route path="/product-configuration" component={ProductConfigurationPage} />
        <Route path="/cert-definition-tool" component={CategoryListPage} />
        <Route path="/cert-definition-tool/configure" component={CategoryConfigurePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AdminGuard>
  );
}
