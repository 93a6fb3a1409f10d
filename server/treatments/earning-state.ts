import type { MemberEvent } from '../../event-schemas';

/**
 * What the member stream remembers for earning from treatments. It is folded from the same member stream as the
 * balance (server/points/member-state.ts) but kept apart, so point commands that never look at caps stay unchanged.
 */
export interface EarningState {
  /** Treatment points already awarded per date of service (the 1,000 cap). */
  pointsByServiceDate: ReadonlyMap<string, number>;
  /** Partner points already awarded per day (the programme's partner daily limit). */
  partnerPointsByDay: ReadonlyMap<string, number>;
  /** Treatments already decided: processing one again awards nothing. */
  processedTreatments: ReadonlySet<string>;
}

export const initialEarningState: EarningState = { pointsByServiceDate: new Map(), partnerPointsByDay: new Map(), processedTreatments: new Set() };

const addTo = (m: ReadonlyMap<string, number>, key: string, amount: number) => (amount === 0 ? m : new Map(m).set(key, (m.get(key) ?? 0) + amount));

export const evolveEarning = (state: EarningState, event: MemberEvent): EarningState => {
  switch (event.type) {
    case 'TreatmentPointsComputed': {
      const d = event.data;
      const sum = (category: 'TREATMENT' | 'PARTNER') => d.lines.filter((l) => l.category === category).reduce((n, l) => n + l.awarded, 0);
      return {
        pointsByServiceDate: addTo(state.pointsByServiceDate, d.dateOfService, sum('TREATMENT')),
        partnerPointsByDay: addTo(state.partnerPointsByDay, d.dateOfService, sum('PARTNER')),
        processedTreatments: new Set([...state.processedTreatments, d.treatmentId]),
      };
    }
    // Balance and lots are member-state's concern; survey and impersonation facts change no cap.
    case 'PointsAwarded':
    case 'PointsRedeemed':
    case 'PointsExpired':
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    case 'SurveySubmitted':
    // Spending points on gift certificates does not change what a treatment earns.
    case 'GiftCertificatesPurchased':
    case 'GiftOrderAbandoned':
    // Promotion payouts have their own cap (server/promotions/payout-state.ts), not the treatment caps.
    case 'PromotionAwardEarned':
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
