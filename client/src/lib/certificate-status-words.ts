/** A certificate's statuses in words: the wallet's editor and the support history say them alike. */
export type CertificateStatusCode = 'ACTIVE' | 'EXPIRED' | 'VOID' | 'CHARGEBACK' | 'REFUND';

export const CERTIFICATE_STATUS_WORDS: Record<CertificateStatusCode, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  VOID: 'Void',
  CHARGEBACK: 'Charged back',
  REFUND: 'Refunded',
};
