import { right } from 'fp-ts/Either';
import { CertificateStatusChanged, type CertificateEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveCertificate, initialCertificateState, type CertificateState } from './certificate-state';

/**
 * A promotion certificate a voided treatment earned is revoked while unused: ACTIVE becomes VOID, so the wallet shows
 * it VOIDED and no treatment can use it. One already used stays used: its value is owed, which the void answers and
 * the support timeline shows, rather than being silently kept. Nothing twice: a revoked one is no longer ACTIVE.
 */
export const revokeEarnedCertificate: Decider<Record<string, never>, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (_c, state) =>
    right(
      state.kind === 'issued' && state.status === 'ACTIVE' && state.redeemedOn === null
        ? [
            CertificateStatusChanged.of({
              certificateId: state.certificateId,
              paxId: state.paxId,
              from: 'ACTIVE',
              to: 'VOID',
              expirationDate: state.expirationDate,
              changedBy: null,
            }),
          ]
        : [],
    ),
};
