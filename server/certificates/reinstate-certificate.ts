import { right } from 'fp-ts/Either';
import { CertificateRedemptionReleased, CertificateStatusChanged, type CertificateEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveCertificate, initialCertificateState, type CertificateState } from './certificate-state';

export interface ReinstateCertificate {
  treatmentId: string;
  /** Programme date: a certificate whose date has passed comes back EXPIRED, not usable. */
  today: string;
}

/**
 * A voided treatment gives back the certificate it used: the use is released (the certificate is ACTIVE again with the
 * expiration date it always had) and, when that date has passed meanwhile, it expires at once, as the nightly job would
 * have expired it had it never been used. A use by any other treatment, or none, is left alone.
 */
export const reinstateCertificate: Decider<ReinstateCertificate, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) => {
    if (state.kind !== 'issued' || state.redeemedOn?.treatmentId !== c.treatmentId) return right([]);
    const released = CertificateRedemptionReleased.of({ certificateId: state.certificateId, paxId: state.paxId, treatmentId: c.treatmentId });
    if (state.status !== 'ACTIVE' || state.expirationDate >= c.today) return right([released]);
    const expired = CertificateStatusChanged.of({
      certificateId: state.certificateId,
      paxId: state.paxId,
      from: 'ACTIVE',
      to: 'EXPIRED',
      expirationDate: state.expirationDate,
      changedBy: null,
    });
    return right([released, expired]);
  },
};
