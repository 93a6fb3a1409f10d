import { createHash, timingSafeEqual } from 'node:crypto';
import { left, right } from 'fp-ts/Either';
import { TreatmentApproved, type TreatmentEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { evolveTreatment, initialTreatmentState, type TreatmentState } from './treatment-state';

export const hashApprovalToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface ConfirmTreatment {
  token: string;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The patient's confirmation of a financed treatment. A wrong, used or missing token is the same 400. */
export const confirmTreatment: Decider<ConfirmTreatment, TreatmentState, TreatmentEvent> = {
  initialState: initialTreatmentState,
  evolve: evolveTreatment,
  decide: (c, state) => {
    if (state.kind !== 'recorded' || state.status !== 'PENDING_APPROVAL' || !state.approvalTokenHash || !sameHash(state.approvalTokenHash, hashApprovalToken(c.token)))
      return left(domainError('validation', 'is not a valid confirmation token for this treatment', 'body.token'));
    return right([TreatmentApproved.of({ treatmentId: state.treatmentId, paxId: state.paxId })]);
  },
};
