import { right } from 'fp-ts/Either';
import { CertificateStatusChanged, MemberErased, PointsForfeited, type CertificateEvent, type MemberEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveCertificate, initialCertificateState, type CertificateState } from '../certificates/certificate-state';
import { evolveMember, initialMemberState, type MemberState } from '../points/member-state';

export interface EraseMember {
  paxId: number;
  requestedBy: 'MEMBER' | 'STAFF';
  reason: string | null;
}

export interface ErasureState {
  member: MemberState;
  erased: boolean;
}

/**
 * The member stream's part of an erasure: what each lot has left is forfeited, then MemberErased, in one append at
 * the stream's revision, so an award racing it is either in the state decided on (and forfeited) or refused after it
 * (server/core/erased-streams.ts). A stream already erased decides nothing: a retry after a crash goes on to the steps
 * after the append (server/privacy/erasure.ts).
 */
export const eraseMember: Decider<EraseMember, ErasureState, MemberEvent> = {
  initialState: { member: initialMemberState, erased: false },
  evolve: (state, event) => ({ member: evolveMember(state.member, event), erased: state.erased || event.type === 'MemberErased' }),
  decide: (c, state) => {
    if (state.erased) return right([]);
    const forfeits = state.member.lots
      .filter((l) => l.remaining > 0)
      .map((l) => PointsForfeited.of({ paxId: c.paxId, lotId: l.lotId, amount: l.remaining, reason: 'MEMBER_ERASED' }));
    return right([...forfeits, MemberErased.of({ paxId: c.paxId, requestedBy: c.requestedBy, reason: c.reason })]);
  },
};

/** An erased member's certificate still good for a treatment is voided: the programme's liability drops by it. */
export const forfeitCertificate: Decider<{ paxId: number }, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) =>
    right(
      state.kind === 'issued' && state.paxId === c.paxId && state.status === 'ACTIVE' && !state.redeemedOn
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
