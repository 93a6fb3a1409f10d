import { formatDate } from '../../lib/format';
import { isUnclaimedGift, isUsed, type CertificateItem } from '../../stores/certificates';

/**
 * The wallet's history (issue 54, item 12): the member's certificates that can no longer be used, each with what
 * became of it. Used, expired and voided certificates were nowhere in the wallet, which listed usable ones only.
 */
export const isPast = (c: CertificateItem): boolean => !isUnclaimedGift(c) && (isUsed(c) || c.status !== 'ACTIVE');

/** The day that ended it as far as the wallet knows: the treatment that used it, else its expiration date. */
const endedOn = (c: CertificateItem) => c.usedOn ?? c.expirationDate;

/** Past certificates, the most recently ended first. */
export const certificateHistory = (certificates: readonly CertificateItem[]): CertificateItem[] =>
  certificates.filter(isPast).sort((a, b) => endedOn(b).localeCompare(endedOn(a)) || b.id.localeCompare(a.id));

/**
 * The status as the spec names it for a member (refunds and charge-backs display as VOIDED; the server says so in
 * displayStatus) and one used on a treatment as USED.
 */
export const historyStatus = (c: CertificateItem): string =>
  isUsed(c) ? 'USED' : (c.displayStatus ?? (c.status === 'REFUND' || c.status === 'CHARGEBACK' ? 'VOIDED' : c.status));

/** Its dates in words: when it was used, or when it expired, or, voided, when it would have expired. */
export const historyDates = (c: CertificateItem): string => {
  const expiry = formatDate(c.expirationDate);
  if (c.usedOn) return `Used on ${formatDate(c.usedOn)} · it was to expire ${expiry}`;
  if (c.status === 'EXPIRED') return `Expired ${expiry}`;
  return `Voided before its expiration date, ${expiry}`;
};
