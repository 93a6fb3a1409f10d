/** The portal's routes with the level-1 heading each shows: the accessibility specs walk them at desktop and phone size. */
export const publicRoutes: [string, string][] = [
  ['/landing', 'Rewards for the treatments you already love'],
  ['/login', 'Sign in'],
  ['/join-now', 'Join Now'],
  ['/enrollment', 'Enroll'],
  ['/forgot-password', 'Forgot password'],
  ['/find-specialist', 'Find a Specialist'],
  ['/faq', 'Frequently Asked Questions'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms & Conditions'],
  ['/prescribing-information', 'Prescribing Information'],
  ['/cookie-policy', 'Cookie Policy'],
];

/** Pages behind the links in messages: no sign-in needed, the token or code in the link is the proof. */
export const linkPages: [string, string][] = [
  ['/treatments/00000000-0000-4000-8000-000000000000/confirm?token=not-a-token', 'Confirm your financed treatment'],
  ['/profile/confirm-email?token=not-a-token', 'Confirm your e-mail address'],
  ['/gift-certificates/claim?code=AAAA-BBBB-CC', 'Claim your gift certificate'],
];

/** Headings are matched from their start ("Welcome back, Morgan Member"). */
export const memberRoutes: [string, string][] = [
  ['/home', 'Welcome back'],
  ['/wallet', 'Wallet'],
  ['/wallet/rewards', 'My Rewards'],
  ['/wallet/history', 'Certificate History'],
  ['/earn-points', 'Earn Points'],
  ['/profile/personal-info', 'Personal Info'],
  ['/points-certificates/activity-summary', 'Activity Summary'],
  ['/refer-a-friend', 'Refer a Friend'],
];
