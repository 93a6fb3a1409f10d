import { left, right } from 'fp-ts/Either';
import { CertificateRedeemedOnTreatment, CertificateRedemptionReleased, type CertificateEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { unusableOnTreatment } from './usable-on-treatment';
import { evolveCertificate, initialCertificateState, type CertificateState } from './certificate-state';

export interface RedeemOnTreatment {
  paxId: number;
  treatmentId: string;
  dateOfService: string;
  /** Where the refusal is reported: the code's place in the treatment's body. */
  field: string;
}

/**
 * A treatment uses a certificate once. Decided on the certificate's stream at its revision, so of two treatments
 * racing for one code the second reads the first's use and is refused; the same treatment again (a retry of its
 * externalId after a crash) changes nothing. A voided or expired certificate is refused (400) as the desk's check says.
 */
export const redeemOnTreatment: Decider<RedeemOnTreatment, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) => {
    if (state.kind === 'none' || state.paxId !== c.paxId) return left(domainError('validation', 'is not a certificate this member holds', c.field));
    if (state.redeemedOn?.treatmentId === c.treatmentId) return right([]);
    const unusable = unusableOnTreatment({ ...state, usedOn: state.redeemedOn?.dateOfService ?? null }, c.dateOfService);
    if (unusable) return left(domainError(unusable.kind === 'used' ? 'conflict' : 'validation', unusable.message, c.field));
    return right([
      CertificateRedeemedOnTreatment.of({ certificateId: state.certificateId, paxId: c.paxId, treatmentId: c.treatmentId, dateOfService: c.dateOfService }),
    ]);
  },
};

/** Gives back a use this treatment took, when the treatment itself was then refused; anyone else's use is left alone. */
export const releaseRedemption: Decider<{ treatmentId: string }, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) =>
    right(
      state.kind === 'issued' && state.redeemedOn?.treatmentId === c.treatmentId
        ? [CertificateRedemptionReleased.of({ certificateId: state.certificateId, paxId: state.paxId, treatmentId: c.treatmentId })]
        : [],
    ),
};
