import type { DomainEvent } from '../../event-schemas';

/**
 * "A treatment was completed" is the member stream's TreatmentPointsComputed: the earning decision, written once per
 * treatment (the member stream remembers processed treatments) in the same append as the treatment's own points.
 * Unlike a TREATMENT PointsAwarded it exists when the treatment earned nothing (a nullifying certificate, the date's
 * cap); unlike TreatmentProcessed it sits on the member stream, in the member's order, and cannot lag behind the
 * points after a crash. A visit with partner purchases only is not a treatment.
 */
export const completedTreatment = (event: DomainEvent): { paxId: number; treatmentId: string } | undefined =>
  event.type === 'TreatmentPointsComputed' && event.data.lines.some((l) => l.category === 'TREATMENT')
    ? { paxId: event.data.paxId, treatmentId: event.data.treatmentId }
    : undefined;

/** The treatment that was the member's first, from their stream in order; undefined before they have one. */
export const firstCompletedTreatment = (memberHistory: readonly DomainEvent[]): string | undefined => {
  for (const event of memberHistory) {
    const done = completedTreatment(event);
    if (done) return done.treatmentId;
  }
  return undefined;
};
