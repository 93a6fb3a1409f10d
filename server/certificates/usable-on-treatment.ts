import type { CertificateStatus } from '../../event-schemas';
import { usDate } from '../../event-schemas/calendar';

/** What a certificate says of itself about being used on a treatment, from its stream or from its read model row. */
export interface CertificateStanding {
  status: CertificateStatus;
  expirationDate: string;
  /** The date of service of the treatment that used it; null while unused. */
  usedOn: string | null;
}

export type Unusable = { kind: 'used'; message: string } | { kind: 'not-active'; message: string };

/**
 * Why a certificate cannot be used on a treatment of `dateOfService`, or null when it can. One rule for the
 * certificate's decider (which refuses) and the front desk's checkout check (which explains), so the desk never
 * offers what recording then refuses. Expiry counts against the date of service: a ticket entered the next morning
 * for yesterday's visit may still use what was valid yesterday.
 */
export function unusableOnTreatment(c: CertificateStanding, dateOfService: string): Unusable | null {
  if (c.usedOn !== null) return { kind: 'used', message: `was already used on a treatment of ${c.usedOn}` };
  if (c.status !== 'ACTIVE') return { kind: 'not-active', message: `is ${c.status === 'VOID' ? 'voided' : c.status.toLowerCase()}: it cannot be used` };
  if (c.expirationDate < dateOfService) return { kind: 'not-active', message: `expired on ${usDate(c.expirationDate)}, before the date of service` };
  return null;
}
