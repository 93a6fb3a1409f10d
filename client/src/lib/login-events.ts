// Login events (the session's `events`) that call for a dialog: a campaign offer claimed, or why it was not. Shared:
// the home page shows the claim's dialog, and other overlays (the survey invitation) wait until it is dismissed.

export type ClaimOutcome = 'alreadyClaimed' | 'offerEnded' | 'notEligible' | 'success';

/** The outcome a login-event code calls for, by its prefix; null for any other event. */
export const outcomeOf = (code: string): ClaimOutcome | null => {
  if (code.startsWith('MKT_LOGIN_CERT_FAIL_') || code.startsWith('MKT_LOGIN_CERT_ALREADY_CLAIMED_')) return 'alreadyClaimed';
  if (code.startsWith('MKT_LOGIN_CERT_ENDED_')) return 'offerEnded';
  if (code.startsWith('MKT_LOGIN_CERT_NOT_MEMBER_')) return 'notEligible';
  if (code.startsWith('MKT_LOGIN_CERT')) return 'success';
  return null;
};

/** True while a login event still waits for its dialog (it is removed from the session when dismissed). */
export const hasPendingClaim = (events: readonly { code: string }[]): boolean => events.some((e) => outcomeOf(e.code) !== null);
