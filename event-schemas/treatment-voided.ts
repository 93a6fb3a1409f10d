import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId, Uuid } from './primitives';

/** Who voided: the practice that recorded the treatment (within its window) or an admin (any time). */
export const VoidedBy = t.keyof({ PRACTICE: null, ADMIN: null });

/**
 * On the treatment stream: the treatment was recorded in error or refunded. It is a correction, never an edit: the
 * recorded facts stay, and what the void undoes is decided on the streams that own it (the points on the member's,
 * each certificate's use on its own), each naming this treatment, right after this and again by the treatment-voids
 * process should a crash come between. `reason` is free text the voider typed (sealed: it may name the patient).
 */
export const TreatmentVoided = defineEvent(
  'TreatmentVoided',
  1,
  t.type({
    treatmentId: Uuid,
    paxId: PaxId,
    reason: t.string,
    voidedBy: VoidedBy,
  }),
);
