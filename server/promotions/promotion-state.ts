import type { DomainEvent, EventOfType, PromotionStatus } from '../../event-schemas';

export type PromotionFacts = EventOfType<'PromotionCreated'>['data'];

export interface Promotion extends PromotionFacts {
  kind: 'created';
  status: PromotionStatus;
}

/** A promotion stream folded: nothing yet, or the promotion as it stands now. */
export type PromotionState = { kind: 'none' } | Promotion;

export const initialPromotionState: PromotionState = { kind: 'none' };

export const evolvePromotion = (state: PromotionState, event: DomainEvent): PromotionState => {
  switch (event.type) {
    case 'PromotionCreated':
      return { kind: 'created', ...event.data, status: 'NEW' };
    case 'PromotionStatusChanged':
      return state.kind === 'created' ? { ...state, status: event.data.to } : state;
    // Member, certificate, treatment and order facts never appear on a promotion stream.
    case 'PointsAwarded':
    case 'PointsRedeemed':
    case 'PointsExpired':
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    case 'SurveySubmitted':
    case 'CertificateIssued':
    case 'CertificateStatusChanged':
    case 'TreatmentRecorded':
    case 'TreatmentApprovalRequested':
    case 'TreatmentApproved':
    case 'TreatmentPointsComputed':
    case 'TreatmentProcessed':
    case 'GiftCertificatesPurchased':
    case 'OrderPlaced':
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
