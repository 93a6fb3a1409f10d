import { streamEvents, type EventsOf } from '../stream-events';
import { TreatmentApprovalRequested, TreatmentApproved } from '../treatment-approval';
import { TreatmentProcessed } from '../treatment-processed';
import { TreatmentRecorded } from '../treatment-recorded';
import { TreatmentVoided } from '../treatment-voided';

/** `treatment-{id}`: a practice's treatment record, its financed approval, its processing and its void (the award is the member's). */
export const treatmentEvents = streamEvents('treatment', [
  TreatmentRecorded,
  TreatmentApprovalRequested,
  TreatmentApproved,
  TreatmentProcessed,
  TreatmentVoided,
]);
export type TreatmentEvent = EventsOf<typeof treatmentEvents>;
