import { right } from 'fp-ts/Either';
import { enrollmentStream, MarketingConsentGiven, memberStream, TermsAccepted, type EnrollmentEvent } from '../../event-schemas';
import { TERMS_VERSION } from '../../event-schemas/contract/enrollment-consent';
import { handleCommand } from '../core/command-handler';
import type { Decider } from '../core/decider';
import type { Deps } from '../deps';
import { changePreferences } from '../messaging/consent/change-preferences';
import { correlationId } from '../operations/request-context';

interface Consent {
  paxId: number;
  acceptedAt: Date;
  emailMarketing: boolean;
  smsMarketing: boolean;
}

/** What the member agreed to, recorded once: a retried enrollment's second call adds nothing. */
const recordConsent: Decider<Consent, { recorded: boolean }, EnrollmentEvent> = {
  initialState: { recorded: false },
  evolve: (state, event) => (event.type === 'TermsAccepted' ? { recorded: true } : state),
  decide: (c, state) =>
    right(
      state.recorded
        ? []
        : [
            TermsAccepted.of({ paxId: c.paxId, termsVersion: TERMS_VERSION, acceptedAt: c.acceptedAt.toISOString() }),
            MarketingConsentGiven.of({ paxId: c.paxId, emailMarketing: c.emailMarketing, smsMarketing: c.smsMarketing }),
          ],
    ),
};

/**
 * Records what the member agreed to on the enrollment form, as the member (issue 54, item 10): the terms and their
 * marketing consent on `enrollment-{paxId}`, then their message preferences set from that consent through the same
 * decider as every later change (it writes only what differs from the programme's defaults).
 */
export async function recordEnrollmentConsent(deps: Pick<Deps, 'store'>, consent: Consent): Promise<void> {
  const ctx = { actor: { kind: 'participant' as const, paxId: consent.paxId }, correlationId: correlationId(), now: consent.acceptedAt };
  await handleCommand(deps.store, recordConsent, enrollmentStream(consent.paxId), consent, ctx);
  await handleCommand(
    deps.store,
    changePreferences,
    memberStream(consent.paxId),
    { paxId: consent.paxId, emailMarketing: consent.emailMarketing, smsMarketing: consent.smsMarketing, via: 'enrollment' },
    ctx,
  );
}
