import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';

/** The spec's "Why Didn't I Earn Points?" sentences, kept on the event that cut the award. */
export const CUT_REASONS = {
  nullified: 'A reward that restricts earnings was applied',
  dateCap: 'A single date of service reached the 1,000 point maximum',
  partnerLimit: 'A partner purchase met the daily limit',
  partnerNotQualified: 'A partner purchase did not qualify',
} as const;

/** Member spec section 9: at most 1,000 treatment points per date of service. */
export const MAX_POINTS_PER_DATE_OF_SERVICE = 1000;

export const lineRequested = (l: Pick<TreatmentLineItem, 'quantity' | 'pointsPerUnit'>) => l.quantity * l.pointsPerUnit;

export const restrictsEarnings = (certificates: readonly RedeemedCertificate[]) => certificates.some((c) => c.nullifyAwards);

/**
 * The pending figure shown while a treatment waits: this treatment on its own, capped. Other treatments on the same
 * date may lower the real award; the member stream decides that when the treatment is processed.
 */
export const estimatePoints = (lines: readonly TreatmentLineItem[], certificates: readonly RedeemedCertificate[], partnerDailyLimit: number): number => {
  if (restrictsEarnings(certificates)) return 0;
  const sum = (category: TreatmentLineItem['category']) => lines.filter((l) => l.category === category).reduce((n, l) => n + lineRequested(l), 0);
  return Math.min(sum('TREATMENT'), MAX_POINTS_PER_DATE_OF_SERVICE) + Math.min(sum('PARTNER'), partnerDailyLimit);
};
