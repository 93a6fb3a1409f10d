import type { CertificateCategoryType, CertificateStatus, CertificateEvent } from '../../event-schemas';

export interface IssuedCertificate {
  kind: 'issued';
  certificateId: string;
  paxId: number;
  code: string;
  name: string;
  amount: number;
  pointsCost: number;
  certificateCategoryType: CertificateCategoryType;
  displayCategory: string;
  status: CertificateStatus;
  expirationDate: string;
  cardArtId: string | null;
  /** The campaign an offer came from; null for every other certificate. */
  campaignId: number | null;
  issuedAt: string;
  /** Whom a gift is for; null for every other certificate. */
  gift: { recipientName: string | null; recipientEmail: string; senderName: string | null } | null;
  /** Who bought it (the first owner); a claimed gift's paxId is then its recipient. */
  purchasedBy: number;
  /** True once a gift's recipient claimed it. */
  claimed: boolean;
  /** The treatment that used it, once one has: a certificate counts once. */
  redeemedOn: { treatmentId: string; dateOfService: string } | null;
}

/** A certificate stream folded: nothing yet, or the certificate as it stands now. */
export type CertificateState = { kind: 'none' } | IssuedCertificate;

export const initialCertificateState: CertificateState = { kind: 'none' };

export const evolveCertificate = (state: CertificateState, event: CertificateEvent): CertificateState => {
  switch (event.type) {
    case 'CertificateIssued': {
      const d = event.data;
      return {
        kind: 'issued',
        certificateId: d.certificateId,
        paxId: d.paxId,
        code: d.code,
        name: d.name,
        amount: d.amount,
        pointsCost: d.pointsCost,
        certificateCategoryType: d.certificateCategoryType,
        displayCategory: d.displayCategory,
        status: d.status,
        expirationDate: d.expirationDate,
        cardArtId: d.cardArtId ?? null,
        campaignId: d.campaignId ?? null,
        issuedAt: d.issuedAt,
        gift: d.gift ?? null,
        purchasedBy: d.paxId,
        claimed: false,
        redeemedOn: null,
      };
    }
    case 'CertificateStatusChanged':
      return state.kind === 'issued' ? { ...state, status: event.data.to, expirationDate: event.data.expirationDate } : state;
    case 'CertificateTransferred':
      return state.kind === 'issued' ? { ...state, paxId: event.data.toPaxId, claimed: true } : state;
    case 'CertificateRedeemedOnTreatment':
      return state.kind === 'issued' ? { ...state, redeemedOn: { treatmentId: event.data.treatmentId, dateOfService: event.data.dateOfService } } : state;
    case 'CertificateRedemptionReleased':
      return state.kind === 'issued' && state.redeemedOn?.treatmentId === event.data.treatmentId ? { ...state, redeemedOn: null } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
