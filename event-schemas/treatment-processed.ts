import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { NonNegativeInteger, PaxId, Uuid } from './primitives';

/** On the treatment stream, after the member stream has decided the award: the treatment is no longer pending. */
export const TreatmentProcessed = defineEvent(
  'TreatmentProcessed',
  1,
  t.type({ treatmentId: Uuid, paxId: PaxId, pointsAwarded: NonNegativeInteger, reasons: t.array(t.string) }),
);
