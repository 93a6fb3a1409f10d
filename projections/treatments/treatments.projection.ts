import type pg from 'pg';
import { treatmentEvents, type EventOfType, type TreatmentEvent } from '../../event-schemas';
import { ERASED_TEXT } from '../../event-schemas/erased';
import { applyAroundErasures } from '../erasure';
import type { ProjectedEvent, Projection } from '../projection';

interface TreatmentRow {
  treatment_id: string;
  pax_id: number;
  practice_id: number | null;
  external_id: string;
  date_of_service: string;
  status: string;
  recorded_at: string;
  expected_points: number;
  points_awarded: number | null;
  points_reversed: number | null;
  redeemed_codes: string[];
  voided_at: string | null;
}

type Consumed = TreatmentEvent | EventOfType<'PointsReversed'>;

/**
 * Applies events in log order to the rows they touch, held in memory: a recorded treatment is added once (a repeat
 * changes nothing), an approval makes it PENDING, processing makes it PROCESSED. One event or a whole batch, the rows
 * end the same; `changed` holds the ids to write back.
 */
function applyInMemory(rows: Map<string, TreatmentRow>, changed: Set<string>, e: ProjectedEvent<Consumed>): void {
  switch (e.event.type) {
    case 'TreatmentRecorded': {
      const d = e.event.data;
      if (rows.has(d.treatmentId)) return;
      rows.set(d.treatmentId, {
        treatment_id: d.treatmentId,
        pax_id: d.paxId,
        practice_id: d.practiceId,
        external_id: d.externalId,
        date_of_service: d.dateOfService,
        status: d.status,
        recorded_at: e.metadata.occurredAt,
        expected_points: d.expectedPoints,
        points_awarded: null,
        points_reversed: null,
        redeemed_codes: d.redeemedCertificates.map((c) => c.code),
        voided_at: null,
      });
      changed.add(d.treatmentId);
      return;
    }
    case 'TreatmentApproved':
    case 'TreatmentProcessed': {
      const row = rows.get(e.event.data.treatmentId);
      if (!row) return;
      if (e.event.type === 'TreatmentProcessed') row.points_awarded = e.event.data.pointsAwarded;
      // An award decided before a void may be marked after it: the treatment stays voided.
      if (row.status !== 'VOIDED') row.status = e.event.type === 'TreatmentApproved' ? 'PENDING' : 'PROCESSED';
      changed.add(row.treatment_id);
      return;
    }
    case 'TreatmentVoided': {
      const row = rows.get(e.event.data.treatmentId);
      if (!row) return;
      row.status = 'VOIDED';
      row.voided_at = e.metadata.occurredAt;
      changed.add(row.treatment_id);
      return;
    }
    // On the member stream: what the void took back (the treatment's own stream says only that it was voided).
    case 'PointsReversed': {
      const row = rows.get(e.event.data.treatmentId);
      if (!row) return;
      row.points_reversed = e.event.data.amount;
      changed.add(row.treatment_id);
      return;
    }
    case 'TreatmentApprovalRequested':
      return;
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

/** Reads the rows a batch touches, applies the batch to them in order and writes the changed ones in one statement. */
async function applyBatch(db: pg.PoolClient, events: ProjectedEvent<Consumed>[]): Promise<void> {
  const ids = [...new Set(events.map((e) => e.event.data.treatmentId))];
  const existing = await db.query<TreatmentRow>(
    `SELECT treatment_id, pax_id, practice_id, external_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, status, recorded_at,
            expected_points, points_awarded, points_reversed, redeemed_codes, voided_at
       FROM rm_treatments WHERE treatment_id = ANY($1::uuid[])`,
    [ids],
  );
  const rows = new Map(existing.rows.map((r) => [r.treatment_id, r]));
  const changed = new Set<string>();
  for (const e of events) applyInMemory(rows, changed, e);
  if (changed.size === 0) return;
  const out = [...changed].map((id) => rows.get(id)!);
  // Only the status and what was awarded or reversed can change; a new row is written whole. The codes travel as one
  // JSON array a row (unnest cannot take an array of arrays of different lengths).
  await db.query(
    `INSERT INTO rm_treatments (treatment_id, pax_id, practice_id, external_id, date_of_service, status, recorded_at,
                                expected_points, points_awarded, points_reversed, redeemed_codes, voided_at)
     SELECT u.id, u.pax, u.practice, u.ext, u.dos, u.status, u.recorded, u.expected, u.awarded, u.reversed,
            ARRAY(SELECT jsonb_array_elements_text(u.codes)), u.voided
       FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::date[], $6::text[], $7::timestamptz[],
                   $8::int[], $9::int[], $10::int[], $11::jsonb[], $12::timestamptz[])
            AS u(id, pax, practice, ext, dos, status, recorded, expected, awarded, reversed, codes, voided)
     ON CONFLICT (treatment_id) DO UPDATE SET status = EXCLUDED.status, points_awarded = EXCLUDED.points_awarded,
       points_reversed = EXCLUDED.points_reversed, voided_at = EXCLUDED.voided_at`,
    [
      out.map((r) => r.treatment_id),
      out.map((r) => r.pax_id),
      out.map((r) => r.practice_id),
      out.map((r) => r.external_id),
      out.map((r) => r.date_of_service),
      out.map((r) => r.status),
      out.map((r) => r.recorded_at),
      out.map((r) => r.expected_points),
      out.map((r) => r.points_awarded),
      out.map((r) => r.points_reversed),
      out.map((r) => JSON.stringify(r.redeemed_codes)),
      out.map((r) => r.voided_at),
    ],
  );
}

/** Treatments and their status, for the nightly job to find what is due and for a practice's list of its own. */
export const treatmentsProjection: Projection<Consumed | EventOfType<'MemberErased'>> = {
  name: 'treatments',
  consumes: new Set([...treatmentEvents.types, 'PointsReversed', 'MemberErased']),
  tables: ['rm_treatments'],
  liveKinds: [],
  apply: (db, e) => treatmentsProjection.applyAll!(db, [e]),
  async applyAll(db, events) {
    await applyAroundErasures<Consumed | EventOfType<'MemberErased'>>(
      events,
      (run) => applyBatch(db, run),
      // The practice's own record id leads to the patient's chart there; dates and ids stay for the ledger.
      async (paxId) => void (await db.query('UPDATE rm_treatments SET external_id = $2 WHERE pax_id = $1', [paxId, ERASED_TEXT])),
    );
    return { paxIds: [] };
  },
};
