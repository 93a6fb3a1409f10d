import { adminToolLinks } from '../features/admin-tools/admin-tool-links';
import { paths } from '../config/routes';

/** The programme's name, after each page's own in the browser tab and history. */
export const PROGRAMME_TITLE = 'Rewards';

const exact: Record<string, string> = {
  '/': 'Welcome',
  [paths.landing]: 'Welcome',
  [paths.login]: 'Sign in',
  [paths.register]: 'Enroll',
  [paths.joinNow]: 'Join Now',
  [paths.enrollment]: 'Enroll',
  [paths.forgotPassword]: 'Forgot password',
  [paths.resetPassword]: 'Choose a new password',
  [paths.home]: 'Home',
  [paths.wallet]: 'Wallet',
  [paths.walletRewards]: 'My Rewards',
  [paths.walletHistory]: 'Certificate History',
  [paths.earn]: 'Earn Points',
  [paths.profile]: 'Personal Info',
  [paths.activitySummary]: 'Activity Summary',
  [paths.findSpecialist]: 'Find a Specialist',
  [paths.referAFriend]: 'Refer a Friend',
  [paths.faq]: 'FAQs',
  [paths.contact]: 'Contact',
  [paths.terms]: 'Terms & Conditions',
  [paths.prescribingInformation]: 'Prescribing Information',
  [paths.cookiePolicy]: 'Cookie Policy',
  [paths.surveys]: 'Surveys',
  [paths.practice]: 'Front desk',
  [paths.practiceStatements]: 'Statements',
  [paths.practiceStaff]: 'Staff',
  [paths.practiceAccept]: 'Join your practice',
  [paths.confirmEmail]: 'Confirm your e-mail address',
  '/gift-certificates/landing': 'Buy Gift Certificates',
  '/gift-certificates/buy': 'Compose a Gift Certificate',
  '/gift-certificates/cart': 'Your Cart',
  '/gift-certificates/checkout': 'Checkout',
  '/gift-certificates/claim': 'Claim your gift certificate',
  [paths.adminTools]: 'Admin Tools',
};

/**
 * The title of the page at `path`: its own name first, then the programme's, so tabs, history and screen readers tell
 * pages apart (every page was "Rewards"). An admin tool is named by its link; a page may still refine it itself.
 */
export function pageTitle(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const own =
    exact[trimmed] ??
    (trimmed.startsWith('/take-survey/') ? 'Share Your Thoughts' : undefined) ??
    (/^\/treatments\/[^/]+\/confirm$/.test(trimmed) ? 'Confirm your financed treatment' : undefined) ??
    adminToolLinks.find((l) => trimmed === l.href || trimmed.startsWith(`${l.href}/`))?.label ??
    (trimmed.startsWith(`${paths.adminTools}/`) ? 'Admin Tools' : undefined);
  return own ? `${own} · ${PROGRAMME_TITLE}` : PROGRAMME_TITLE;
}
