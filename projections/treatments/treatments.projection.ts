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
}

/**
 * Applies events in log order to the rows they touch, held in memory: a recorded treatment is added once (a repeat
 * changes nothing), an approval makes it PENDING, processing makes it PROCESSED. One event or a whole batch, the rows
 * end the same; `changed` holds the ids to write back.
 */
function applyInMemory(rows: Map<string, TreatmentRow>, changed: Set<string>, e: ProjectedEvent<TreatmentEvent>): void {
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
      });
      changed.add(d.treatmentId);
      return;
    }
    case 'TreatmentApproved':
    case 'TreatmentProcessed': {
      const row = rows.get(e.event.data.treatmentId);
      if (!row) return;
      row.status = e.event.type === 'TreatmentApproved' ? 'PENDING' : 'PROCESSED';
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
async function applyBatch(db: pg.PoolClient, events: ProjectedEvent<TreatmentEvent>[]): Promise<void> {
  const ids = [...new Set(events.map((e) => e.event.data.treatmentId))];
  const existing = await db.query<TreatmentRow>(
    `SELECT treatment_id, pax_id, practice_id, external_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, status, recorded_at
       FROM rm_treatments WHERE treatment_id = ANY($1::uuid[])`,
    [ids],
  );
  const rows = new Map(existing.rows.map((r) => [r.treatment_id, r]));
  const changed = new Set<string>();
  for (const e of events) applyInMemory(rows, changed, e);
  if (changed.size === 0) return;
  const out = [...changed].map((id) => rows.get(id)!);
  // Only the status of a row already stored can change; a new row is written whole.
  await db.query(
    `INSERT INTO rm_treatments (treatment_id, pax_id, practice_id, external_id, date_of_service, status, recorded_at)
     SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::date[], $6::text[], $7::timestamptz[])
     ON CONFLICT (treatment_id) DO UPDATE SET status = EXCLUDED.status`,
    [
      out.map((r) => r.treatment_id),
      out.map((r) => r.pax_id),
      out.map((r) => r.practice_id),
      out.map((r) => r.external_id),
      out.map((r) => r.date_of_service),
      out.map((r) => r.status),
      out.map((r) => r.recorded_at),
    ],
  );
}

/** Treatments and their status, for the nightly job to find what is due. */
export const treatmentsProjection: Projection<TreatmentEvent | EventOfType<'MemberErased'>> = {
  name: 'treatments',
  consumes: new Set([...treatmentEvents.types, 'MemberErased']),
  tables: ['rm_treatments'],
  liveKinds: [],
  apply: (db, e) => treatmentsProjection.applyAll!(db, [e]),
  async applyAll(db, events) {
    await applyAroundErasures<TreatmentEvent | EventOfType<'MemberErased'>>(
      events,
      (run) => applyBatch(db, run),
      // The practice's own record id leads to the patient's chart there; dates and ids stay for the ledger.
      async (paxId) => void (await db.query('UPDATE rm_treatments SET external_id = $2 WHERE pax_id = $1', [paxId, ERASED_TEXT])),
    );
    return { paxIds: [] };
  },
};
