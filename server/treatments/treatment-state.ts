import { streamName, type TreatmentEvent } from '../../event-schemas';
import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';

export const treatmentStream = (treatmentId: string) => streamName('treatment', treatmentId);

export type TreatmentStatus = 'PENDING' | 'PENDING_APPROVAL' | 'PROCESSED' | 'VOIDED';

export interface RecordedTreatment {
  kind: 'recorded';
  treatmentId: string;
  paxId: number;
  practiceId: number | null;
  externalId: string;
  dateOfService: string;
  hcpName: string;
  status: TreatmentStatus;
  lineItems: TreatmentLineItem[];
  redeemedCertificates: RedeemedCertificate[];
  expectedPoints: number;
  /** Hash of the single-use confirmation token while a financed treatment waits for the patient. */
  approvalTokenHash: string | null;
  /** The instant the confirmation link stops working (null: it does not expire). */
  approvalExpiresAt: string | null;
  /** The token's hash once it was used, so the same link can say "already confirmed" instead of "invalid". */
  spentTokenHash: string | null;
}

/** A `treatment-{id}` stream folded: nothing yet, or the treatment as it stands. */
export type TreatmentState = { kind: 'none' } | RecordedTreatment;

export const initialTreatmentState: TreatmentState = { kind: 'none' };

export const evolveTreatment = (state: TreatmentState, event: TreatmentEvent): TreatmentState => {
  switch (event.type) {
    case 'TreatmentRecorded': {
      const d = event.data;
      return {
        kind: 'recorded',
        treatmentId: d.treatmentId,
        paxId: d.paxId,
        practiceId: d.practiceId,
        externalId: d.externalId,
        dateOfService: d.dateOfService,
        hcpName: d.hcpName,
        status: d.status,
        lineItems: d.lineItems,
        redeemedCertificates: d.redeemedCertificates,
        expectedPoints: d.expectedPoints,
        approvalTokenHash: null,
        approvalExpiresAt: null,
        spentTokenHash: null,
      };
    }
    case 'TreatmentApprovalRequested':
      return state.kind === 'recorded' ? { ...state, approvalTokenHash: event.data.tokenHash, approvalExpiresAt: event.data.expiresAt ?? null } : state;
    case 'TreatmentApproved':
      // The token is spent: it cannot confirm twice.
      return state.kind === 'recorded' ? { ...state, status: 'PENDING', approvalTokenHash: null, spentTokenHash: state.approvalTokenHash } : state;
    // A run that decided its award before a void appends this after it: the treatment stays voided.
    case 'TreatmentProcessed':
      return state.kind === 'recorded' && state.status !== 'VOIDED' ? { ...state, status: 'PROCESSED' } : state;
    case 'TreatmentVoided':
      return state.kind === 'recorded' ? { ...state, status: 'VOIDED', approvalTokenHash: null } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
