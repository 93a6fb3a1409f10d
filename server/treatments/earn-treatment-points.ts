import { right } from 'fp-ts/Either';
import { PointsAwarded, TreatmentPointsComputed, type MemberEvent } from '../../event-schemas';
import type { LineAward } from '../../event-schemas/treatment-points-computed';
import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';
import type { Decider } from '../core/decider';
import { CUT_REASONS, lineRequested, MAX_POINTS_PER_DATE_OF_SERVICE, restrictsEarnings } from './earning-rules';
import { evolveEarning, initialEarningState, type EarningState } from './earning-state';
import { addMonths } from '../../event-schemas/calendar';

export interface EarnTreatmentPoints {
  treatmentId: string;
  paxId: number;
  dateOfService: string;
  lineItems: readonly TreatmentLineItem[];
  redeemedCertificates: readonly RedeemedCertificate[];
  /** The pending estimate recorded with the treatment, released by this decision. */
  expectedPoints: number;
  /** Today in the programme's time zone: awards expire `expiryMonths` from it. */
  today: string;
  expiryMonths: number;
  partnerDailyLimit: number;
}

/** Allocates each line what is left under its cap, in line order, and says why a line got less than it asked. */
const allocate = (c: EarnTreatmentPoints, state: EarningState): LineAward[] => {
  const nullified = restrictsEarnings(c.redeemedCertificates);
  let treatmentRoom = Math.max(0, MAX_POINTS_PER_DATE_OF_SERVICE - (state.pointsByServiceDate.get(c.dateOfService) ?? 0));
  let partnerRoom = Math.max(0, c.partnerDailyLimit - (state.partnerPointsByDay.get(c.dateOfService) ?? 0));
  const expirationDate = addMonths(c.today, c.expiryMonths);
  return c.lineItems.map((line, lineIndex) => {
    const requested = lineRequested(line);
    let awarded = 0;
    let cutReason: string | null = null;
    if (nullified) cutReason = CUT_REASONS.nullified;
    else if (line.category === 'TREATMENT') {
      awarded = Math.min(requested, treatmentRoom);
      treatmentRoom -= awarded;
      if (awarded < requested) cutReason = CUT_REASONS.dateCap;
    } else if (requested === 0) cutReason = CUT_REASONS.partnerNotQualified;
    else {
      awarded = Math.min(requested, partnerRoom);
      partnerRoom -= awarded;
      if (awarded < requested) cutReason = CUT_REASONS.partnerLimit;
    }
    return {
      lineIndex,
      productId: line.productId,
      category: line.category,
      requested,
      awarded,
      cutReason,
      expirationDate: awarded > 0 ? expirationDate : null,
    };
  });
};

/**
 * Decides a treatment's award on the member stream, so the per-date cap and the partner daily limit hold even when
 * two treatments of one member are processed at once (the expected revision makes one of them decide again).
 * PointsAwarded stays the only event that credits points; the computed event explains the award line by line.
 */
export const earnTreatmentPoints: Decider<EarnTreatmentPoints, EarningState, MemberEvent> = {
  initialState: initialEarningState,
  evolve: evolveEarning,
  decide: (c, state) => {
    if (state.processedTreatments.has(c.treatmentId)) return right([]);
    const lines = allocate(c, state);
    const total = (category: 'TREATMENT' | 'PARTNER') => lines.filter((l) => l.category === category).reduce((n, l) => n + l.awarded, 0);
    const reasons = [...new Set(lines.flatMap((l) => (l.cutReason ? [l.cutReason] : [])))];
    const expirationDate = addMonths(c.today, c.expiryMonths);
    const award = (source: 'TREATMENT' | 'PARTNER', amount: number, description: string): MemberEvent[] =>
      amount > 0
        ? [
            PointsAwarded.of({
              paxId: c.paxId,
              lotId: `${c.treatmentId}-${source.toLowerCase()}`,
              amount,
              description,
              source,
              expirationDate,
              idempotencyKey: null,
            }),
          ]
        : [];
    return right([
      TreatmentPointsComputed.of({
        paxId: c.paxId,
        treatmentId: c.treatmentId,
        dateOfService: c.dateOfService,
        lines,
        totalAwarded: total('TREATMENT') + total('PARTNER'),
        expectedPoints: c.expectedPoints,
        reasons,
      }),
      ...award('TREATMENT', total('TREATMENT'), `Treatment on ${c.dateOfService}`),
      ...award('PARTNER', total('PARTNER'), `Partner purchase on ${c.dateOfService}`),
    ]);
  },
};
