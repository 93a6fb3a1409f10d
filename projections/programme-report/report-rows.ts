import type { Statement } from '../batch-buffer';
import { certificateRowsStatement, type Certificate } from './certificate-holdings';

/**
 * [lotId, expiry month 'YYYY-MM', remaining]: a tuple in a list, not a property keyed by lot id. Each lot id is unique,
 * so adding one as a property gave every member's object a shape of its own, the costliest step of the report's
 * replay (`awarded`). Redemptions take the earliest-expiring lots first and expiries the expired ones: mostly the first
 * awarded, so the lot an event names is usually near the front.
 */
export type OpenLot = [string, string, number];

export interface Member {
  balance: number;
  /** The first day the member no longer counts as active (null: never active). */
  activeUntil: string | null;
  /** Lots with points left, in the order they were awarded. */
  lots: OpenLot[];
}

/**
 * The report's members and certificates as they stand, and which changed since they were last written. Live, each
 * batch has its own: it reads the ones its events touch and writes back the ones they changed. A rebuild keeps one
 * from batch to batch (see programme-report.projection.ts), so a member or certificate its events touch again is
 * neither read nor written again until the rows are written together.
 */
export class ReportRows {
  readonly members = new Map<number, Member>();
  readonly dirtyMembers = new Set<number>();
  readonly certificates = new Map<string, Certificate>();
  readonly dirtyCertificates = new Set<string>();

  isEmpty(): boolean {
    return this.members.size === 0 && this.certificates.size === 0;
  }

  /** About how much the rows hold: a unit per member, open lot and certificate (what memory grows with). */
  weight(): number {
    let lots = 0;
    for (const m of this.members.values()) lots += m.lots.length;
    return this.members.size + lots + this.certificates.size;
  }

  /**
   * Takes out the members and certificates that are not among `kept`, answering them as rows of their own, every one
   * to be written (a rebuild lets go of rows its last batch did not touch: see programme-report.projection.ts).
   */
  takeAllBut(kept: { members: number[]; certificates: string[] }): ReportRows {
    const taken = new ReportRows();
    const members = new Set(kept.members);
    for (const [paxId, m] of this.members)
      if (!members.has(paxId)) {
        taken.members.set(paxId, m);
        taken.dirtyMembers.add(paxId);
        this.members.delete(paxId);
        this.dirtyMembers.delete(paxId);
      }
    const certificates = new Set(kept.certificates);
    for (const [id, c] of this.certificates)
      if (!certificates.has(id)) {
        taken.certificates.set(id, c);
        taken.dirtyCertificates.add(id);
        this.certificates.delete(id);
        this.dirtyCertificates.delete(id);
      }
    return taken;
  }

  /** The writes of every row changed since last written, as it now stands (after them, the rows count as written). */
  statements(): Statement[] {
    const out: Statement[] = [];
    if (this.dirtyMembers.size) {
      const pax = [...this.dirtyMembers];
      this.dirtyMembers.clear();
      const m = pax.map((p) => this.members.get(p)!);
      // The lots go as one JSON array, one element per member: as a jsonb[] parameter, node-postgres escaped every
      // quote of every member's JSON into the array literal, a sixth of what the report spent in JavaScript.
      out.push({
        sql: `INSERT INTO rm_report_members AS t (pax_id, balance, active_until, open_lots)
              SELECT u.pax_id, u.balance, u.active_until, l.lots
              FROM unnest($1::bigint[], $2::bigint[], $3::date[]) WITH ORDINALITY AS u(pax_id, balance, active_until, i)
              JOIN json_array_elements($4::json) WITH ORDINALITY AS l(lots, i) ON l.i = u.i
              ON CONFLICT (pax_id) DO UPDATE SET balance = EXCLUDED.balance, active_until = EXCLUDED.active_until, open_lots = EXCLUDED.open_lots`,
        values: [pax, m.map((x) => x.balance), m.map((x) => x.activeUntil), JSON.stringify(m.map((x) => x.lots))],
      });
    }
    const certificates = certificateRowsStatement(this.certificates, this.dirtyCertificates);
    if (certificates) out.push(certificates);
    return out;
  }
}
