import { right } from 'fp-ts/Either';
import { CertificateStatusChanged, type CertificateEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveCertificate, initialCertificateState, type CertificateState } from './certificate-state';

/** Programme date; a certificate is good through its expiration date and expires the day after. */
export interface ExpireCertificate {
  today: string;
}

/** The nightly expiry of one certificate: ACTIVE and unused past its date becomes EXPIRED; anything else is left alone. */
export const expireCertificate: Decider<ExpireCertificate, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) =>
    right(
      state.kind === 'issued' && state.status === 'ACTIVE' && !state.redeemedOn && state.expirationDate < c.today
        ? [
            CertificateStatusChanged.of({
              certificateId: state.certificateId,
              paxId: state.paxId,
              from: 'ACTIVE',
              to: 'EXPIRED',
              expirationDate: state.expirationDate,
              changedBy: null,
            }),
          ]
        : [],
    ),
};
