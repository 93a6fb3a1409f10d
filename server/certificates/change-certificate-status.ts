import { left, right } from 'fp-ts/Either';
import * as t from 'io-ts';
import { CertificateStatus, CertificateStatusChanged, type CertificateEvent } from '../../event-schemas';
import { IsoDate, withRule } from '../../event-schemas/primitives';
import { domainError, type Decider } from '../core/decider';
import { evolveCertificate, initialCertificateState, type CertificateState } from './certificate-state';

export const ChangeCertificateBody = t.intersection([
  t.type({ status: withRule(CertificateStatus, 'must be one of ACTIVE, EXPIRED, VOID, CHARGEBACK, REFUND') }),
  t.partial({ expirationDate: t.union([IsoDate, t.null]) }),
]);
export type ChangeCertificateBody = t.TypeOf<typeof ChangeCertificateBody>;

export interface ChangeCertificateStatus {
  status: CertificateStatus;
  /** A new expiration date, or null to keep the current one. */
  expirationDate: string | null;
  /** The impersonating admin and the member they act as. */
  adminId: number;
  actingForPaxId: number;
  /** The programme date now: an ACTIVE certificate may not already be past its expiry. */
  today: string;
}

/** The rule in words, on body.expirationDate (issue 28: the wallet showed "ACTIVE · expires 01/01/2020"). */
export const ACTIVE_EXPIRY_RULE = 'must be today or later for an ACTIVE certificate';

/** Spec section 4: only ACTIVE or EXPIRED certificates may be edited. */
const EDITABLE: readonly CertificateStatus[] = ['ACTIVE', 'EXPIRED'];
/** REFUND and CHARGEBACK undo a purchase, so a reward bought with points cannot have them. */
const PURCHASE_ONLY: readonly CertificateStatus[] = ['REFUND', 'CHARGEBACK'];

/** An impersonating admin's edit of a member's certificate, recorded naming both of them. */
export const changeCertificateStatus: Decider<ChangeCertificateStatus, CertificateState, CertificateEvent> = {
  initialState: initialCertificateState,
  evolve: evolveCertificate,
  decide: (c, state) => {
    if (state.kind === 'none') return left(domainError('not-found', 'This certificate was not found'));
    if (state.paxId !== c.actingForPaxId) return left(domainError('forbidden', 'Only an admin impersonating the owner may edit this certificate'));
    if (!EDITABLE.includes(state.status)) return left(domainError('invalid-state', `A ${state.status} certificate can no longer be edited`));
    if (PURCHASE_ONLY.includes(c.status) && state.certificateCategoryType !== 'PURCHASABLE')
      return left(domainError('validation', 'REFUND and CHARGEBACK apply only to purchased certificates', 'body.status'));
    const expirationDate = c.expirationDate ?? state.expirationDate;
    if (c.status === state.status && expirationDate === state.expirationDate) return right([]);
    // A reactivation keeping a past date is the same contradiction as setting one.
    if (c.status === 'ACTIVE' && expirationDate < c.today) return left(domainError('validation', ACTIVE_EXPIRY_RULE, 'body.expirationDate'));
    return right([
      CertificateStatusChanged.of({
        certificateId: state.certificateId,
        paxId: state.paxId,
        from: state.status,
        to: c.status,
        expirationDate,
        changedBy: c.adminId,
      }),
    ]);
  },
};
