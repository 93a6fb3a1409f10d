import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId, Uuid } from './primitives';

/**
 * A financed treatment waits for the patient's confirmation. Only a SHA-256 hash of the single-use token is kept, so
 * the event log cannot be used to confirm on the patient's behalf.
 */
export const TreatmentApprovalRequested = defineEvent(
  'TreatmentApprovalRequested',
  1,
  t.intersection([
    t.type({
      treatmentId: Uuid,
      paxId: PaxId,
      tokenHash: t.string,
      channels: t.array(t.keyof({ email: null, sms: null })),
    }),
    // When the link stops working. Optional and still version 1: requests stored before it existed never expire.
    t.partial({ expiresAt: t.string }),
  ]),
);

/** The patient confirmed a financed treatment through the link; it is now PENDING like any other. */
export const TreatmentApproved = defineEvent('TreatmentApproved', 1, t.type({ treatmentId: Uuid, paxId: PaxId }));
