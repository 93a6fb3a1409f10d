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
  /** The day its holder's current holding began to count (null while it does not count). */
  heldFrom: string | null;
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

/** A holding that ended: it counted for its member at the end of the days from `from` to the day before `until`. */
interface Span {
  category: string;
  until: string;
  certificateId: string;
  paxId: number;
  from: string;
  delta: 1 | -1;
  cents: number;
}

/**
 * One batch of report entries, worked out in memory: the touched certificates are read once, every event appends its
 * rows in log order, and the rows are written in one multi-row insert per table. (The runner commits a batch with its
 * checkpoint, so a retried batch starts again from the rows before it.)
 */
export class EntriesBatch {
  private readonly certificates = new Map<string, Certificate>();
  private readonly dirty = new Set<string>();
  private readonly pointRows: PointRow[] = [];
  private readonly spans: Span[] = [];

  private constructor(private readonly db: pg.PoolClient) {}

  /** The one read a batch makes (a runner may prefetch exactly this statement). */
  static loadStatement(certificateIds: string[]): Statement {
    return {
      sql: `SELECT certificate_id::text AS id, pax_id, category, cents, status, used, to_char(held_from, 'YYYY-MM-DD') AS held_from
            FROM rm_report_entry_certificates WHERE certificate_id = ANY($1::uuid[])`,
      values: [[...new Set(certificateIds)]],
    };
  }

  static async load(db: pg.PoolClient, certificateIds: string[]): Promise<EntriesBatch> {
    const batch = new EntriesBatch(db);
    if (certificateIds.length === 0) return batch;
    const r = await readRows<{ id: string; pax_id: string; category: string; cents: string; status: string; used: boolean; held_from: string | null }>(
      db,
      EntriesBatch.loadStatement(certificateIds),
    );
    for (const row of r.rows)
      batch.certificates.set(row.id, {
        paxId: Number(row.pax_id),
        category: row.category,
        cents: Number(row.cents),
        status: row.status,
        used: row.used,
        heldFrom: row.held_from,
      });
    return batch;
  }

  /** A spending ledger event's points under the report's measure (redeemed, spent, expired, forfeited). */
  points(measure: string, day: string, position: Position, paxId: number, points: number): void {
    this.pointRows.push({ measure, day, position, paxId, points });
  }

  /** A second issue of a certificate already followed changes nothing: the first stands (as in the report). */
  certificateIssued(day: string, certificateId: string, c: Omit<Certificate, 'heldFrom'>): void {
    if (this.certificates.has(certificateId)) return;
    this.change(day, certificateId, { ...c, heldFrom: null });
  }

  /** A certificate's status, use or holder changed (an unknown certificate is ignored, as in the report). */
  certificateChanged(day: string, certificateId: string, change: Partial<Pick<Certificate, 'status' | 'used' | 'paxId'>>): void {
    const before = this.certificates.get(certificateId);
    if (before) this.change(day, certificateId, { ...before, ...change });
  }

  /**
   * A holding that stops ends its span (the certificate stops counting, or passes to another member); one that starts
   * opens a span, kept on the certificate until it ends. The spans are the report's +1 and -1 paired, so they add up
   * to its counts on every day.
   */
  private change(day: string, certificateId: string, next: Certificate): void {
    const before = this.certificates.get(certificateId);
    const was = counts(before);
    const is = counts(next);
    const kept = was && is && before!.paxId === next.paxId;
    if (was && !kept) {
      const from = before!.heldFrom!;
      // Begun and ended on one day, it never counted at a day's end. Dated out of log order, it is kept reversed.
      if (from !== day)
        this.spans.push({
          category: before!.category,
          certificateId,
          paxId: before!.paxId,
          cents: before!.cents,
          ...(from < day ? { from, until: day, delta: 1 } : { from: day, until: from, delta: -1 }),
        });
    }
    this.certificates.set(certificateId, { ...next, heldFrom: kept ? before!.heldFrom : is ? day : null });
    this.dirty.add(certificateId);
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
    if (this.spans.length) {
      const r = this.spans;
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_certificate_spans (category, until_day, certificate_id, pax_id, from_day, delta, cents)
              SELECT * FROM unnest($1::text[], $2::date[], $3::uuid[], $4::bigint[], $5::date[], $6::smallint[], $7::bigint[]) ON CONFLICT DO NOTHING`,
        values: [
          r.map((x) => x.category),
          r.map((x) => x.until),
          r.map((x) => x.certificateId),
          r.map((x) => x.paxId),
          r.map((x) => x.from),
          r.map((x) => x.delta),
          r.map((x) => x.cents),
        ],
      });
    }
    if (this.dirty.size) {
      const ids = [...this.dirty];
      const c = ids.map((id) => this.certificates.get(id)!);
      await deferWrite(this.db, {
        sql: `INSERT INTO rm_report_entry_certificates AS t (certificate_id, pax_id, category, cents, status, used, held_from)
              SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::boolean[], $7::date[])
              ON CONFLICT (certificate_id) DO UPDATE SET pax_id = EXCLUDED.pax_id, status = EXCLUDED.status, used = EXCLUDED.used, held_from = EXCLUDED.held_from`,
        values: [
          ids,
          c.map((x) => x.paxId),
          c.map((x) => x.category),
          c.map((x) => x.cents),
          c.map((x) => x.status),
          c.map((x) => x.used),
          c.map((x) => x.heldFrom),
        ],
      });
    }
  }
}
