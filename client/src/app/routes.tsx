import { useUnit } from 'effector-react';
import { lazy, type ReactNode } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { RequireMember } from '../components/guards/require-member';
import { NotFoundPage } from '../components/not-found-page';
import { REDIRECT_FROM } from '../config/query-params';
import { paths } from '../config/routes';
import { $redirectBypass } from '../stores/route-query';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/login/login-page'));
const JoinNowPage = lazy(() => import('../features/join-now/join-now-page'));
const EnrollmentPage = lazy(() => import('../features/enrollment/enrollment-page'));
const ForgotPasswordPage = lazy(() => import('../features/password/forgot-password-page'));
const HomePage = lazy(() => import('../features/home/home-page'));
const WalletPage = lazy(() => import('../features/wallet/wallet-page'));
const EarnPointsPage = lazy(() => import('../features/earn-points/earn-points-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const ActivitySummaryPage = lazy(() => import('../features/activity-summary/activity-summary-page'));
const FindSpecialistPage = lazy(() => import('../features/find-specialist/find-specialist-page'));
const ReferAFriendPage = lazy(() => import('../features/refer-a-friend/refer-a-friend-page'));
const contentPage = (name: 'FaqPage' | 'ContactPage' | 'TermsPage' | 'CookiePolicyPage' | 'PrescribingInformationPage') =>
  lazy(() => import('../features/content-pages/pages').then((m) => ({ default: m[name] })));
const FaqPage = contentPage('FaqPage');
const ContactPage = contentPage('ContactPage');
const TermsPage = contentPage('TermsPage');
const CookiePolicyPage = contentPage('CookiePolicyPage');
const PrescribingInformationPage = contentPage('PrescribingInformationPage');
const AdminRoutes = lazy(() => import('./admin-routes'));
const SurveysPage = lazy(() => import('../features/surveys/surveys-page'));
const TakeSurveyPage = lazy(() => import('../features/surveys/take-survey-page'));
const SurveyInvitation = lazy(() => import('../features/surveys/components/survey-invitation'));
const GiftLandingPage = lazy(() => import('../features/gift-certificates/landing-page'));
const GiftBuyPage = lazy(() => import('../features/gift-certificates/buy-page'));
const GiftCartPage = lazy(() => import('../features/gift-certificates/cart-page'));
const GiftCheckoutPage = lazy(() => import('../features/gift-certificates/checkout-page'));
const ClaimGiftPage = lazy(() => import('../features/gift-certificates/claim-gift-page'));
const ConfirmEmailPage = lazy(() => import('../features/profile/confirm-email-page'));
const UnsubscribePage = lazy(() => import('../features/profile/unsubscribe-page'));
const ConfirmTreatmentPage = lazy(() => import('../features/treatment-confirmation/confirm-treatment-page'));
const PracticeDeskPage = lazy(() => import('../features/practice-desk/practice-desk-page'));
const PracticeStatementsPage = lazy(() => import('../features/practice-desk/practice-statements-page'));
const PracticeStaffPage = lazy(() => import('../features/practice-desk/practice-staff-page'));
const AcceptInvitationPage = lazy(() => import('../features/practice-desk/accept-invitation-page'));

const member = (page: ReactNode) => <RequireMember>{page}</RequireMember>;

/** The legacy certificate path goes to /wallet with its query, unless the redirect bypass is marked as run. */
function LegacyCertificatesRedirect() {
  const search = useSearch();
  const bypass = useUnit($redirectBypass);
  if (bypass) return <NotFoundPage />;
  return <Redirect to={`${paths.wallet}${search ? `?${search}` : ''}`} replace />;
}

/** The member spec's route table. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path={paths.landing} component={LandingPage} />
      <Route path={paths.login} component={LoginPage} />
      <Route path={paths.joinNow} component={JoinNowPage} />
      <Route path={paths.register} component={EnrollmentPage} />
      <Route path={paths.enrollment} component={EnrollmentPage} />
      <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
      <Route path={paths.resetPassword} component={ForgotPasswordPage} />
      <Route path={paths.home}>
        {member(
          <>
            <HomePage />
            <SurveyInvitation />
          </>,
        )}
      </Route>
      <Route path={paths.surveys}>{member(<SurveysPage />)}</Route>
      <Route path="/take-survey/:id">{member(<TakeSurveyPage />)}</Route>
      <Route path={paths.wallet}>{member(<WalletPage />)}</Route>
      <Route path={paths.walletRewards}>{member(<WalletPage />)}</Route>
      <Route path={paths.walletHistory}>{member(<WalletPage />)}</Route>
      <Route path={paths.earn}>{member(<EarnPointsPage />)}</Route>
      <Route path={paths.profile}>{member(<ProfilePage />)}</Route>
      <Route path={paths.activitySummary}>{member(<ActivitySummaryPage />)}</Route>
      <Route path={REDIRECT_FROM} component={LegacyCertificatesRedirect} />
      <Route path={paths.findSpecialist} component={FindSpecialistPage} />
      <Route path={paths.referAFriend} component={ReferAFriendPage} />
      <Route path="/gift-certificates/landing">{member(<GiftLandingPage />)}</Route>
      <Route path="/gift-certificates/buy">{member(<GiftBuyPage />)}</Route>
      <Route path="/gift-certificates/cart">{member(<GiftCartPage />)}</Route>
      <Route path="/gift-certificates/checkout">{member(<GiftCheckoutPage />)}</Route>
      <Route path="/gift-certificates/claim" component={ClaimGiftPage} />
      <Route path={paths.confirmTreatment} component={ConfirmTreatmentPage} />
      <Route path={paths.confirmEmail} component={ConfirmEmailPage} />
      <Route path={paths.unsubscribe} component={UnsubscribePage} />
      <Route path={paths.faq} component={FaqPage} />
      <Route path={paths.contact} component={ContactPage} />
      <Route path={paths.terms} component={TermsPage} />
      <Route path={paths.prescribingInformation} component={PrescribingInformationPage} />
      <Route path={paths.cookiePolicy} component={CookiePolicyPage} />
      <Route path={paths.practice} component={PracticeDeskPage} />
      <Route path={paths.practiceStatements} component={PracticeStatementsPage} />
      <Route path={paths.practiceStaff} component={PracticeStaffPage} />
      <Route path={paths.practiceAccept} component={AcceptInvitationPage} />
      <Route path={paths.adminTools} nest>
        <AdminRoutes />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
