import type { Projection } from '../projection';

/** Treatments and their status, for the nightly job to find what is due. */
export const treatmentsProjection: Projection = {
  name: 'treatments',
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
      case 'TreatmentPointsComputed':
      case 'PointsAwarded':
      case 'PointsRedeemed':
      case 'PointsExpired':
      case 'CertificateIssued':
      case 'CertificateStatusChanged':
      case 'ImpersonationStarted':
      case 'ImpersonationEnded':
      case 'SurveySubmitted':
      // Gift-certificate orders touch no treatment.
      case 'GiftCertificatesPurchased':
      case 'OrderPlaced':
      // Promotions live on their own streams and touch no member, certificate or treatment.
      case 'PromotionCreated':
      case 'PromotionStatusChanged':
        return;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};
