import type pg from 'pg';
import type { Position } from '../../event-schemas/store/position';
import { deferWrite, readRows, type Statement } from '../batch-buffer';

/** A certificate as the entries follow it: whose it is and whether it counts (active and not used on a treatment). */
interface Certificate {
  paxId: number;
  category: string;
  cents: number;
  status: string;
  used: boolean;
}

// The same rule as the programme report's (projections/programme-report/report-batch.ts, copied: the two must agree).
const counts = (c: Certificate | undefined): boolean => c !== undefined && c.status === 'ACTIVE' && !c.used;

interface PointRow {
  measure: string;
  day: string;
  position: Position;
  paxId: number;
  points: number;
}

interface CertificateRow {
  category: string;
  day: string;
  position: Position;
  paxId: number;
  certificateId: string;
  delta: 1 | -1;
  cents: number;
}

/**
 * One batch of report entries, worked out in memory: the touched certificates are read once, every event appends its
 * rows in log order, and the rows are written in one multi-row insert per table. Rows are keyed by log position, so
 * a batch applied again (a retried transaction) adds nothing twice.
 */
export class EntriesBatch {
  private readonly certificates = new Map<string, Certificate>();
  private readonly dirty = new Set<string>();
  private readonly pointRows: PointRow[] = [];
  private readonly certificateRows: CertificateRow[] = [];

  private constructor(private readonly db: pg.PoolClient) {}

  /** The one read a batch makes (a runner may prefetch exactly this statement). */
  static loadStatement(certificateIds: string[]): Statement {
    return {
      sql: `SELECT certificate_id::text AS id, pax_id, category, cents, status, used FROM rm_report_entry_certificates WHERE certificate_id = ANY($1::uuid[])`,
      values: [[...new Set(certificateIds)]],
    };
  }

  static async load(db: pg.PoolClient, certificateIds: string[]): Promise<EntriesBatch> {
    const batch = new EntriesBatch(db);
    if (certificateIds.length === 0) return batch;
    const r = await readRows<{ id: string; pax_id: string; category: string; cents: string; status: string; used: boolean }>(
      db,
      EntriesBatch.loadStatement(certificateIds),
    );
    for (const row of r.rows)
      batch.certificates.set(row.id, { paxId: Number(row.pax_id), category: row.category, cents: Number(row.cents), status: row.status, used: row.used });
    return batch;
  }

  /** A ledger event's points under the report's measure. */
  points(measure: string, day: string, position: Position, paxId: number, points: number): void {
    this.pointRows.push({ measure, day, position, paxId, points });
  }

  /** A second issue of a certificate already followed changes nothing: the first stands (as in the report). */
  certificateIssued(day: string, position: Position, certificateId: string, c: Certificate): void {
    if (this.certificates.has(certificateId)) return;
    this.change(day, position, certificateId, c);
  }

  /** A certificate's status, use or holder changed (an unknown certificate is ignored, as in the report). */
  certificateChanged(day: string, position: Position, certificateId: string, change: Partial<Pick<Certificate, 'status' | 'used' | 'paxId'>>): void {
    const before = this.certificates.get(certificateId);
    if (before) this.change(day, position, certificateId, { ...before, ...change });
  }

  /** A holding that stops counts -1 for its member, one that starts +1 for its member (both, on a transfer). */
  private change(day: string, position: Position, certificateId: string, next: Certificate): void {
    const before = this.certificates.get(certificateId);
    this.certificates.set(certificateId, next);
    this.dirty.add(certificateId);
    const was = counts(before);
    const is = counts(next);
    if (was && before && !(is && before.paxId === next.paxId))
      this.certificateRows.push({ category: before.category, day, position, paxId: before.paxId, certificateId, delta: -1, cents: before.cents });
    if (is && !(was && before?.paxId === next.paxId))
      this.certificateRows.push({ category: next.category, day, position, paxId: next.paxId, certificateId, delta: 1, cents: next.cents });
  }

  async save(): Promise<void> {
    const major = (p: Position) => p.major.toString();
    const minor = (p: Position) => p.minor.toString();
    if (this.pointRows.length) {
      const r = this.pointRows;
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_point_entries (measure, day, pos_major, pos_minor, pax_id, points)
              SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) ON CONFLICT DO NOTHING`,
        values: [
          r.map((x) => x.measure),
          r.map((x) => x.day),
          r.map((x) => major(x.position)),
          r.map((x) => minor(x.position)),
          r.map((x) => x.paxId),
          r.map((x) => x.points),
        ],
      });
    }
    if (this.certificateRows.length) {
      const r = this.certificateRows;
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_certificate_entries (category, day, pos_major, pos_minor, pax_id, certificate_id, delta, cents)
              SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::uuid[], $7::smallint[], $8::bigint[]) ON CONFLICT DO NOTHING`,
        values: [
          r.map((x) => x.category),
          r.map((x) => x.day),
          r.map((x) => major(x.position)),
          r.map((x) => minor(x.position)),
          r.map((x) => x.paxId),
          r.map((x) => x.certificateId),
          r.map((x) => x.delta),
          r.map((x) => x.cents),
        ],
      });
    }
    if (this.dirty.size) {
      const ids = [...this.dirty];
      const c = ids.map((id) => this.certificates.get(id)!);
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_entry_certificates AS t (certificate_id, pax_id, category, cents, status, used)
              SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::boolean[])
              ON CONFLICT (certificate_id) DO UPDATE SET pax_id = EXCLUDED.pax_id, status = EXCLUDED.status, used = EXCLUDED.used`,
        values: [ids, c.map((x) => x.paxId), c.map((x) => x.category), c.map((x) => x.cents), c.map((x) => x.status), c.map((x) => x.used)],
      });
    }
  }
}
