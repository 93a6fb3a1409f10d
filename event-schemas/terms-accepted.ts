import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { Instant, PaxId } from './primitives';

/**
 * A member accepted the Terms & Conditions and the Privacy Policy (issue 54, item 10): on joining, the version they
 * were shown (event-schemas/contract/enrollment-consent.ts) and when. Their marketing consent from the same form is
 * MarketingConsentGiven, appended with it.
 */
export const TermsAccepted = defineEvent(
  'TermsAccepted',
  1,
  t.type({
    paxId: PaxId,
    termsVersion: t.string,
    acceptedAt: Instant,
  }),
);
