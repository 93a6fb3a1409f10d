import { left, right } from 'fp-ts/Either';
import { CertificateTransferred, type CertificateEvent } from '../../event-schemas';
import { evolveCertificate, initialCertificateState, type CertificateState } from '../certificates/certificate-state';
import { domainError, type Decider } from '../core/decider';

export interface ClaimGift {
  /** Who claims it: the member signed in with the code from the gift e-mail. */
  claimantPaxId: number;
}

/**
 * A gift's recipient claims it: it becomes theirs. Only a gift, only while ACTIVE, only once, and never by its buyer.
 * Decided at the certificate stream's revision, so of two people claiming one code at once exactly one gets it.
 */
export const claimGift: Decider<ClaimGift, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) => {
    if (state.kind !== 'issued' || !state.gift) return left(domainError('not-found', 'No gift certificate has this code', 'body.code'));
    if (state.claimed)
      return left(
        domainError(
          'conflict',
          state.paxId === c.claimantPaxId ? 'You have already claimed this gift: it is in your wallet' : 'This gift has already been claimed',
          'body.code',
        ),
      );
    if (state.purchasedBy === c.claimantPaxId) return left(domainError('conflict', 'You sent this gift: its recipient claims it', 'body.code'));
    if (state.status !== 'ACTIVE') return left(domainError('gone', `This gift certificate can no longer be claimed: it is ${state.status}`));
    return right([CertificateTransferred.of({ certificateId: state.certificateId, fromPaxId: state.paxId, toPaxId: c.claimantPaxId })]);
  },
};
