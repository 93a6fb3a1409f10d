import { parseUsDate } from '../../lib/format';
import { CERTIFICATE_STATUS_WORDS, type CertificateStatusCode } from '../../lib/certificate-status-words';

/*
 * The impersonating admin's certificate status edit (member spec: the impersonating admin sees "the certificate status
 * edit control"), pure: which statuses a certificate may take, the request a form makes, and what needs a confirmation.
 */

export type EditableStatus = CertificateStatusCode;

export const STATUS_WORDS: Record<EditableStatus, string> = CERTIFICATE_STATUS_WORDS;

/** Only ACTIVE or EXPIRED certificates are edited (spec section 4). */
export const isEditable = (status: string): boolean => status === 'ACTIVE' || status === 'EXPIRED';

/** REFUND and CHARGEBACK undo a purchase: only a purchased certificate may take them (the server checks it too). */
export const statusChoices = (certificateCategoryType: string | null): EditableStatus[] =>
  certificateCategoryType === 'PURCHASABLE' ? ['ACTIVE', 'EXPIRED', 'VOID', 'REFUND', 'CHARGEBACK'] : ['ACTIVE', 'EXPIRED', 'VOID'];

/** Statuses that end a certificate for good: the admin confirms them first. */
export const isFinal = (status: EditableStatus): boolean => status === 'VOID' || status === 'REFUND' || status === 'CHARGEBACK';

export type EditRequest = { ok: true; body: { status: EditableStatus; expirationDate: string | null } } | { ok: false; error: string };

/** The PUT body of a form: the date is optional, typed MM/DD/YYYY, sent as YYYY-MM-DD. */
export const editRequest = (status: EditableStatus, typedDate: string): EditRequest => {
  if (typedDate.trim() === '') return { ok: true, body: { status, expirationDate: null } };
  const iso = parseUsDate(typedDate);
  return iso
    ? { ok: true, body: { status, expirationDate: iso } }
    : { ok: false, error: 'Enter the expiration date as MM/DD/YYYY, or leave it empty to keep it' };
};
