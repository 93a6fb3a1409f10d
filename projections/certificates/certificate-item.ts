import type { CertificateItem as WireCertificateItem } from '../../event-schemas/contract/certificates';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import type { CertificateCategoryType, CertificateStatus } from '../../event-schemas';
import { usDate } from '../../event-schemas/calendar';

/**
 * The spec's certificate item, plus `displayStatus` (refunds and chargebacks show as VOIDED, a certificate a treatment
 * used as USED) and `usedOn`, the date of service of the treatment that used it.
 */
export interface CertificateItem {
  id: string;
  status: CertificateStatus;
  displayStatus: string;
  expirationDate: string;
  certificateCategoryType: CertificateCategoryType;
  summaryDisplay: string;
  amount: number;
  name: string;
  code: string;
  /** What it cost in points. */
  purchasePrice: number;
  displayCategory: string;
  /** The gift card design (`eGiftCardArt` id) a bought certificate wears; null: its default art. */
  cardArtId: string | null;
  /** The date of service of the treatment that used it; null while it is unused. */
  usedOn: string | null;
  /** A gift: whom it is for, and whether they claimed it. Absent for every other certificate. */
  gift?: CertificateGift;
}
/** The list and the live message carry the contract's certificate (event-schemas/contract/certificates.ts). */
export type CertificateItemAnswer = Answers<CertificateItem, WireCertificateItem>;

export interface CertificateGift {
  recipientName: string | null;
  recipientEmail: string;
  senderName: string | null;
  claimed: boolean;
}

export interface CertificateFacts {
  certificateId: string;
  status: CertificateStatus;
  expirationDate: string;
  certificateCategoryType: CertificateCategoryType;
  amount: number;
  name: string;
  code: string;
  pointsCost: number;
  displayCategory: string;
  cardArtId: string | null;
  usedOn?: string | null;
  gift?: CertificateGift;
}

export const displayStatusOf = (s: CertificateStatus): string => (s === 'REFUND' || s === 'CHARGEBACK' ? 'VOIDED' : s);
/** The status a member reads: the spec's status, except that a certificate a treatment used reads USED. */
const shownStatus = (c: CertificateFacts): string => (c.usedOn ? 'USED' : displayStatusOf(c.status));

export const certificateItem = (c: CertificateFacts): CertificateItem => ({
  id: c.certificateId,
  status: c.status,
  displayStatus: shownStatus(c),
  expirationDate: c.expirationDate,
  certificateCategoryType: c.certificateCategoryType,
  summaryDisplay: c.usedOn
    ? `${c.name}, used ${usDate(c.usedOn)}`
    : c.status === 'ACTIVE'
      ? `${c.name}, expires ${usDate(c.expirationDate)}`
      : `${c.name}, ${displayStatusOf(c.status)}`,
  amount: c.amount,
  name: c.name,
  code: c.code,
  purchasePrice: c.pointsCost,
  displayCategory: c.displayCategory,
  cardArtId: c.cardArtId,
  usedOn: c.usedOn ?? null,
  ...(c.gift ? { gift: c.gift } : {}),
});
