import type { LinkState } from '../../event-schemas/contract/treatment-confirmation';
import { createHash, timingSafeEqual } from 'node:crypto';
import { left, right } from 'fp-ts/Either';
import { TreatmentApproved, type TreatmentEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { evolveTreatment, initialTreatmentState, type TreatmentState } from './treatment-state';

export const hashApprovalToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How long a confirmation link works: long enough for a patient who reads mail weekly, short enough to go stale. */
export const APPROVAL_LINK_DAYS = 30;

export interface ConfirmTreatment {
  token: string;
  /** The instant of the confirmation (ISO), to check the link has not expired. */
  at: string;
}

const sameHash = (a: string | null, b: string) => a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What a confirmation link can do right now, as its page says it (event-schemas/contract/treatment-confirmation.ts). */
export type { LinkState };

/** Reads a link without spending it: the page shows what it would confirm, or why it cannot. */
export const linkState = (state: TreatmentState, token: string, at: string): LinkState => {
  if (state.kind !== 'recorded') return 'invalid';
  const hash = hashApprovalToken(token);
  if (sameHash(state.spentTokenHash, hash)) return 'already-confirmed';
  if (state.status !== 'PENDING_APPROVAL' || !sameHash(state.approvalTokenHash, hash)) return 'invalid';
  if (state.approvalExpiresAt !== null && at >= state.approvalExpiresAt) return 'expired';
  return 'ready';
};

/**
 * The patient's confirmation of a financed treatment. A used link stays the 400 it always was (the token is no
 * longer valid), but says so in words; an expired one is 410; a wrong one is 400.
 */
export const confirmTreatment: Decider<ConfirmTreatment, TreatmentState, TreatmentEvent> = {
  initialState: initialTreatmentState,
  evolve: evolveTreatment,
  decide: (c, state) => {
    const link = linkState(state, c.token, c.at);
    if (state.kind !== 'recorded' || link === 'invalid')
      return left(domainError('validation', 'is not a valid confirmation token for this treatment', 'body.token'));
    if (link === 'already-confirmed') return left(domainError('validation', 'was already used: this treatment is confirmed', 'body.token'));
    if (link === 'expired') return left(domainError('gone', 'This confirmation link has expired; ask your practice to send a new one', 'body.token'));
    return right([TreatmentApproved.of({ treatmentId: state.treatmentId, paxId: state.paxId })]);
  },
};
