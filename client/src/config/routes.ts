/** Paths of the member spec's route table. */
export const paths = {
  landing: '/landing',
  login: '/login',
  register: '/register',
  joinNow: '/join-now',
  enrollment: '/enrollment',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  home: '/home',
  wallet: '/wallet',
  walletRewards: '/wallet/rewards',
  walletHistory: '/wallet/history',
  earn: '/earn-points',
  profile: '/profile/personal-info',
  activitySummary: '/points-certificates/activity-summary',
  findSpecialist: '/find-specialist',
  buyGiftCertificates: '/gift-certificates/landing',
  referAFriend: '/refer-a-friend',
  faq: '/faq',
  contact: '/contact',
  terms: '/terms',
  prescribingInformation: '/prescribing-information',
  cookiePolicy: '/cookie-policy',
  surveys: '/surveys',
  /** The link in a financed treatment's e-mail and text (no sign-in: its token is the proof). */
  confirmTreatment: '/treatments/:id/confirm',
  /** The link sent to a new e-mail address (no sign-in: its token is the proof). */
  confirmEmail: '/profile/confirm-email',
  /** The link in a marketing e-mail's footer (no sign-in: its signed token is the proof). */
  unsubscribe: '/unsubscribe',
  adminTools: '/admin-tools',
  /** The practice side: the front desk's checkout, its statements and staff (practice staff only). */
  practice: '/practice',
  practiceStatements: '/practice/statements',
  practiceStaff: '/practice/staff',
  /** The link in a practice invitation (no sign-in: its token is the proof). */
  practiceAccept: '/practice/accept',
} as const;
