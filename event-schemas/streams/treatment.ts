import { streamEvents, type EventsOf } from '../stream-events';
import { TreatmentApprovalRequested, TreatmentApproved } from '../treatment-approval';
import { TreatmentProcessed } from '../treatment-processed';
import { TreatmentRecorded } from '../treatment-recorded';

/** `treatment-{id}`: a practice's treatment record, its financed approval and its processing (the award is the member's). */
export const treatmentEvents = streamEvents('treatment', [TreatmentRecorded, TreatmentApprovalRequested, TreatmentApproved, TreatmentProcessed]);
export type TreatmentEvent = EventsOf<typeof treatmentEvents>;
