import { MarketingConsentGiven } from '../marketing-consent-given';
import { streamEvents, type EventsOf } from '../stream-events';
import { TermsAccepted } from '../terms-accepted';

/**
 * `enrollment-{paxId}`: what the member agreed to on joining, the terms and their marketing consent. Apart from the ledger's stream, since no decision on points or
 * treatments depends on it.
 */
export const enrollmentEvents = streamEvents('enrollment', [TermsAccepted, MarketingConsentGiven]);
export type EnrollmentEvent = EventsOf<typeof enrollmentEvents>;
