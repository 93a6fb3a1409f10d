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
      };
    }
    case 'CertificateStatusChanged':
      return state.kind === 'issued' ? { ...state, status: event.data.to, expirationDate: event.data.expirationDate } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
