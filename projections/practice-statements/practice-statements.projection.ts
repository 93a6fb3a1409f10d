import type { EventOfType } from '../../event-schemas';
import { programmeDays } from '../event-days';
import { consuming, type Projection } from '../projection';
import type { ReadModelSettings } from '../registry';

type Consumed = EventOfType<'TreatmentRecorded' | 'TreatmentVoided'>;

interface Line {
  treatmentId: string;
  kind: 'RECORDED' | 'VOIDED';
  certificateCode: string;
  practiceId: number;
  month: string;
  /** The programme day its event happened. */
  occurredOn: string;
  dateOfService: string;
  category: string | null;
  value: number;
}

/**
 * What each practice is owed, month by month: the treatments it recorded and voided and the certificates it accepted
 * at their face value (a certificate the programme does not know, with no face value, is not reimbursed). A void
 * lands in the month it happened, as negative lines for the certificates it gave back. A treatment an admin entered
 * for no practice is on no statement.
 */
export const practiceStatementsProjection = (settings: ReadModelSettings): Projection<Consumed> => {
  const days = programmeDays(settings.timeZone);
  const projection: Projection<Consumed> = {
    name: 'practice-statements',
    consumes: consuming<Consumed>()('TreatmentRecorded', 'TreatmentVoided'),
    tables: ['rm_practice_statement_lines'],
    liveKinds: [],
    apply: (db, e) => projection.applyAll!(db, [e]),
    async applyAll(db, events) {
      const recorded = new Map<string, Line[]>();
      const voidedIds = events.flatMap((e) => (e.event.type === 'TreatmentVoided' ? [e.event.data.treatmentId] : []));
      if (voidedIds.length) {
        const r = await db.query<{
          treatment_id: string;
          certificate_code: string;
          practice_id: string;
          date_of_service: string;
          category: string | null;
          value: string;
        }>(
          `SELECT treatment_id, certificate_code, practice_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, category, value
             FROM rm_practice_statement_lines WHERE treatment_id = ANY($1::uuid[]) AND kind = 'RECORDED'`,
          [voidedIds],
        );
        for (const row of r.rows) {
          const line: Line = {
            treatmentId: row.treatment_id,
            kind: 'RECORDED',
            certificateCode: row.certificate_code,
            practiceId: Number(row.practice_id),
            month: '',
            occurredOn: '',
            dateOfService: row.date_of_service,
            category: row.category,
            value: Number(row.value),
          };
          recorded.set(row.treatment_id, [...(recorded.get(row.treatment_id) ?? []), line]);
        }
      }
      const out: Line[] = [];
      for (const e of events) {
        if (e.event.type === 'TreatmentRecorded') {
          const d = e.event.data;
          if (d.practiceId === null) continue;
          const day = days.ofEvent(e);
          const base = {
            treatmentId: d.treatmentId,
            kind: 'RECORDED' as const,
            practiceId: d.practiceId,
            month: day.slice(0, 7),
            occurredOn: day,
            dateOfService: d.dateOfService,
          };
          const lines: Line[] = [
            { ...base, certificateCode: '', category: null, value: 0 },
            ...d.redeemedCertificates
              .filter((c) => c.amount !== null)
              .map((c) => ({ ...base, certificateCode: c.code, category: (c.categoryCode ?? c.name ?? 'certificate').toLowerCase(), value: c.amount! })),
          ];
          recorded.set(d.treatmentId, lines);
          out.push(...lines);
        } else {
          const day = days.ofEvent(e);
          for (const line of recorded.get(e.event.data.treatmentId) ?? [])
            out.push({ ...line, kind: 'VOIDED', month: day.slice(0, 7), occurredOn: day, value: -line.value });
        }
      }
      if (out.length)
        await db.query(
          `INSERT INTO rm_practice_statement_lines (treatment_id, kind, certificate_code, practice_id, month, date_of_service, category, value, occurred_on)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::date[], $7::text[], $8::numeric[], $9::date[])
           ON CONFLICT DO NOTHING`,
          [
            out.map((l) => l.treatmentId),
            out.map((l) => l.kind),
            out.map((l) => l.certificateCode),
            out.map((l) => l.practiceId),
            out.map((l) => l.month),
            out.map((l) => l.dateOfService),
            out.map((l) => l.category),
            out.map((l) => l.value),
            out.map((l) => l.occurredOn),
          ],
        );
      return { paxIds: [] };
    },
  };
  return projection;
};
