/** Paths from the member spec's route table that the shell links to; screens arrive with their own issues. */
export const paths = {
  landing: '/landing',
  login: '/login',
  joinNow: '/join-now',
  home: '/home',
  wallet: '/wallet',
  earn: '/earn-points',
  profile: '/profile/personal-info',
  activitySummary: '/points-certificates/activity-summary',
  findSpecialist: '/find-specialist',
  buyGiftCertificates: '/gift-certificates/landing',
  referAFriend: '/refer-a-friend',
  faq: '/faq',
  adminTools: '/admin-tools',
} as const;
