import type { Statement } from '../batch-buffer';
import { addAll, rowOn, type ByDay } from './dated-totals';

/** A certificate as the report follows it: what it is worth, whether it counts, who holds it and since when. */
export interface Certificate {
  paxId: number;
  /** The lower-cased display category, as the liability lists it. */
  category: string;
  cents: number;
  status: string;
  used: boolean;
  /** The day its holder's current holding began to count (null while it does not count). */
  heldFrom: string | null;
}

/** A certificate counts while it is active and not used on a treatment. */
const counts = (c: Certificate | undefined): boolean => c !== undefined && c.status === 'ACTIVE' && !c.used;

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
 * The certificates one batch of the report touches: each change moves the day's count and value of its category when
 * the certificate starts or stops counting, and a holding that stops (the certificate stops counting, or passes to
 * another member) is kept as a span of days, so the certificates behind a day's figure can be listed with the member
 * who held each then. The spans are the counts' +1 and -1 paired, so they add up to the counts on every day.
 */
export class CertificateHoldings {
  private readonly spans: Span[] = [];

  /**
   * `known`: the certificates as the batch found them, and `dirty` those it changed (a rebuild's held ones, and every one
   * changed since they were last written; or the batch's own).
   */
  constructor(
    private readonly certificateDaily: ByDay,
    private readonly known = new Map<string, Certificate>(),
    private readonly dirty = new Set<string>(),
  ) {}

  /** A certificate as the batch's read found it. */
  loaded(certificateId: string, c: Certificate): void {
    this.known.set(certificateId, c);
  }

  /** A second issue of a certificate already followed changes nothing: the first stands. */
  issued(day: string, certificateId: string, c: Omit<Certificate, 'heldFrom'>): void {
    if (this.known.has(certificateId)) return;
    this.change(day, certificateId, { ...c, heldFrom: null });
  }

  /** A certificate's status, use or holder changed (an unknown certificate is ignored). */
  changed(day: string, certificateId: string, change: Partial<Pick<Certificate, 'status' | 'used' | 'paxId'>>): void {
    const before = this.known.get(certificateId);
    if (before) this.change(day, certificateId, { ...before, ...change });
  }

  private change(day: string, certificateId: string, next: Certificate): void {
    const before = this.known.get(certificateId);
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
    this.known.set(certificateId, { ...next, heldFrom: kept ? before!.heldFrom : is ? day : null });
    this.dirty.add(certificateId);
    if (was !== is) addAll(rowOn(this.certificateDaily, day), next.category, is ? [1, next.cents] : [-1, -next.cents]);
  }

  /** The writes of the ended holdings and (unless a rebuild holds them: `withCertificates` false) of the certificates as they now stand. */
  statements(withCertificates = true): Statement[] {
    const out: Statement[] = [];
    if (this.spans.length) {
      const r = this.spans;
      out.push({
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
    if (withCertificates && this.dirty.size) {
      const ids = [...this.dirty];
      out.push(
        certificatesWrite(
          ids,
          ids.map((id) => this.known.get(id)!),
        ),
      );
    }
    return out;
  }
}

/**
 * The write of certificates as they now stand; `intoEmpty`: none of them has a row yet (a rebuild's first write), so
 * they are inserted without looking for one.
 */
export const certificatesWrite = (ids: string[], c: Certificate[], intoEmpty = false): Statement => ({
  sql: `INSERT INTO rm_report_certificates AS t (certificate_id, pax_id, category, cents, status, used, held_from)
        SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::boolean[], $7::date[])${
          intoEmpty
            ? ''
            : '\n        ON CONFLICT (certificate_id) DO UPDATE SET pax_id = EXCLUDED.pax_id, status = EXCLUDED.status, used = EXCLUDED.used, held_from = EXCLUDED.held_from'
        }`,
  values: [ids, c.map((x) => x.paxId), c.map((x) => x.category), c.map((x) => x.cents), c.map((x) => x.status), c.map((x) => x.used), c.map((x) => x.heldFrom)],
});
