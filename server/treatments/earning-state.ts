import type { MemberEvent } from '../../event-schemas';
import { GrowOnlyMap, GrowOnlySet } from '../core/grow-only';

/**
 * What the member stream remembers for earning from treatments. It is folded from the same member stream as the
 * balance (server/points/member-state.ts) but kept apart, so point commands that never look at caps stay unchanged.
 */
export interface EarningState {
  /** Treatment points already awarded per date of service (the 1,000 cap). */
  pointsByServiceDate: GrowOnlyMap<string, number>;
  /** Partner points already awarded per day (the programme's partner daily limit). */
  partnerPointsByDay: GrowOnlyMap<string, number>;
  /** Treatments already decided: processing one again awards nothing. */
  processedTreatments: GrowOnlySet<string>;
}

export const initialEarningState: EarningState = {
  pointsByServiceDate: GrowOnlyMap.empty(),
  partnerPointsByDay: GrowOnlyMap.empty(),
  processedTreatments: GrowOnlySet.empty(),
};

// Grow-only collections (server/core/grow-only.ts): a treatment adds to them without copying the member's history.
const addTo = (m: GrowOnlyMap<string, number>, key: string, amount: number) => (amount === 0 ? m : m.with(key, (m.get(key) ?? 0) + amount));

export const evolveEarning = (state: EarningState, event: MemberEvent): EarningState => {
  switch (event.type) {
    case 'TreatmentPointsComputed': {
      const d = event.data;
      const sum = (category: 'TREATMENT' | 'PARTNER') => d.lines.filter((l) => l.category === category).reduce((n, l) => n + l.awarded, 0);
      return {
        pointsByServiceDate: addTo(state.pointsByServiceDate, d.dateOfService, sum('TREATMENT')),
        partnerPointsByDay: addTo(state.partnerPointsByDay, d.dateOfService, sum('PARTNER')),
        processedTreatments: state.processedTreatments.with(d.treatmentId),
      };
    }
    // A voided treatment gives its date's room back and is never awarded after (it counts as decided).
    case 'PointsReversed': {
      const d = event.data;
      return {
        pointsByServiceDate: addTo(state.pointsByServiceDate, d.dateOfService, -d.treatmentPoints),
        partnerPointsByDay: addTo(state.partnerPointsByDay, d.dateOfService, -d.partnerPoints),
        processedTreatments: state.processedTreatments.with(d.treatmentId),
      };
    }
    // Balance and lots are member-state's concern; survey and impersonation facts change no cap.
    case 'PointsAwarded':
    case 'PointsRedeemed':
    case 'PointsExpired':
    case 'PointsForfeited':
    // An erased member's stream takes no treatment after it (server/core/erased-streams.ts).
    case 'MemberErased':
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    case 'MessagePreferencesChanged':
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
