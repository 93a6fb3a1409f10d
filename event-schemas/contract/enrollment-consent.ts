// What a new member agrees to on the enrollment form (issue 54, item 10), declared once: the server's codec refuses an
// enrollment without the acceptance, records the version accepted, and the form shows these words.

/**
 * The Terms & Conditions and the Privacy Policies the form links to, as a version: TermsAccepted records it, so which
 * text a member accepted stays known after the texts change. Change it in the same change as the texts.
 */
export const TERMS_VERSION = '2026-12-01';

/** The acceptance's checkbox: the documents are the footer's links of the same names. */
export const TERMS_CONSENT_LABEL = 'I accept the Terms & Conditions, the Privacy Policy and the Consumer Health Data Privacy Policy';
/** The server's and the form's words when the box is not ticked. */
export const TERMS_REQUIRED_RULE = 'must be accepted to join: tick the box to accept the Terms & Conditions and the Privacy Policies';
export const TERMS_REQUIRED_WORDS = 'Accept the Terms & Conditions and the Privacy Policies to join';

/** The marketing-consent choices, each off until ticked (the member's message preferences start from them). */
export const MARKETING_EMAIL_LABEL = 'E-mail me offers and news from the programme';
export const MARKETING_TEXT_LABEL = 'Text me offers and news (message and data rates may apply)';

/** POST /enrollment's consent fields. */
export interface EnrollmentConsent {
  termsAccepted: true;
  marketingEmail?: boolean;
  marketingText?: boolean;
}
