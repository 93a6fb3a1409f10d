import { treatmentEvents, type TreatmentEvent } from '../../event-schemas';
import type { Projection } from '../projection';

/** Treatments and their status, for the nightly job to find what is due. */
export const treatmentsProjection: Projection<TreatmentEvent> = {
  name: 'treatments',
  consumes: treatmentEvents.types,
  tables: ['rm_treatments'],
  liveKinds: [],
  async apply(db, e) {
    switch (e.event.type) {
      case 'TreatmentRecorded': {
        const d = e.event.data;
        await db.query(
          `INSERT INTO rm_treatments (treatment_id, pax_id, practice_id, external_id, date_of_service, status, recorded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [d.treatmentId, d.paxId, d.practiceId, d.externalId, d.dateOfService, d.status, e.metadata.occurredAt],
        );
        return;
      }
      case 'TreatmentApproved':
        await db.query(`UPDATE rm_treatments SET status = 'PENDING' WHERE treatment_id = $1`, [e.event.data.treatmentId]);
        return;
      case 'TreatmentProcessed':
        await db.query(`UPDATE rm_treatments SET status = 'PROCESSED' WHERE treatment_id = $1`, [e.event.data.treatmentId]);
        return;
      case 'TreatmentApprovalRequested':
        return;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};
