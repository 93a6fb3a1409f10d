import type { Statement } from '../batch-buffer';
import { certificatesWrite, type Certificate } from './certificate-holdings';
import { DatedTotals } from './dated-totals';
import { membersWrite, type Member } from './report-member';

/** How many members and certificates a rebuild holds in memory at most (see HeldRebuild). */
export interface HeldLimits {
  members: number;
  certificates: number;
  /** Rows a statement writes at most: held at the limits, the members' lots alone make a parameter of tens of megabytes. */
  rowsPerWrite: number;
}

/**
 * Held at the end of a pass over the bench's history (2,000 members with 50 events each, 4,295 certificates), the
 * report's state took 7.2 MB of heap, about 3.6 KB a member with their certificates: at these limits about 100 MB at
 * most. A log in time order touches a member again within days, so those held are the ones its next batches need.
 */
export const HELD_LIMITS: HeldLimits = { members: 20_000, certificates: 50_000, rowsPerWrite: 10_000 };

/**
 * What one rebuild of the report holds over its batches, instead of writing it with each batch and reading it back in
 * the next: its dated totals (only added to), and the members and certificates its events touched, as they now stand.
 * Every row it holds goes to the (fresh, empty) shadow tables at the end of a pass over the log (`finish`). Members and
 * certificates past the limits go earlier, the least recently touched first (`evictions`); from then on a member or
 * certificate not held may be in the shadow tables, and a batch that touches it reads it there, as a live batch does.
 * Written with every batch, members and certificates were about half of the report's statement time in a rebuild of the
 * bench's history (pg_stat_statements), and a log in time order touches most members in many batches: each touch was a
 * read and a write of the member with all its open lots.
 */
export class HeldRebuild {
  totals = new DatedTotals();
  /** The members and certificates held, the most recently touched last (a Map keeps insertion order). */
  readonly members = new Map<number, Member>();
  readonly certificates = new Map<string, Certificate>();
  /** Held ones whose rows in the shadow tables are not as held (or are not there): the batches add to them. */
  readonly dirtyMembers = new Set<number>();
  readonly dirtyCertificates = new Set<string>();
  /** Whether any member or certificate row went to the shadow tables: one not held may then be there. */
  stored = false;
  /** Whether the totals went to the shadow tables already: the next write adds to them. */
  private totalsWritten = false;

  constructor(
    readonly rebuild: string,
    private readonly limits: HeldLimits,
  ) {}

  /** Whether the member is held (see touch). */
  holdsMember(paxId: number): boolean {
    return this.touch(this.members, paxId, this.limits.members);
  }

  /** Whether the certificate is held (see touch). */
  holdsCertificate(certificateId: string): boolean {
    return this.touch(this.certificates, certificateId, this.limits.certificates);
  }

  /**
   * Whether `key` is held; if so, it moves to the most recently touched end. Only once the map is half full: before,
   * no batch is near evicting from it, and moving every touched entry took 4.5 ms of each rebuild of the bench's history
   * (a CPU profile of five).
   */
  private touch<K>(held: Map<K, unknown>, key: K, limit: number): boolean {
    if (held.size < limit / 2) return held.has(key);
    const value = held.get(key);
    if (value === undefined) return false;
    held.delete(key);
    held.set(key, value);
    return true;
  }

  /**
   * The writes of the members and certificates past the limits, the least recently touched (unchanged ones are only
   * let go). A tenth more than the excess goes, so a rebuild over the limits evicts every tenth batch or so, not every one.
   */
  evictions(): Statement[] {
    const out: Statement[] = [];
    const overMembers = this.members.size - this.limits.members;
    if (overMembers > 0) out.push(...this.letGo(this.members, this.dirtyMembers, overMembers + Math.ceil(this.limits.members / 10), membersWrite));
    const overCertificates = this.certificates.size - this.limits.certificates;
    if (overCertificates > 0)
      out.push(...this.letGo(this.certificates, this.dirtyCertificates, overCertificates + Math.ceil(this.limits.certificates / 10), certificatesWrite));
    return out;
  }

  private letGo<K, V>(held: Map<K, V>, dirty: Set<K>, count: number, write: (keys: K[], values: V[], intoEmpty: boolean) => Statement): Statement[] {
    const keys: K[] = [];
    const values: V[] = [];
    let left = count;
    for (const [key, value] of held) {
      if (left-- <= 0) break;
      held.delete(key);
      if (dirty.delete(key)) {
        keys.push(key);
        values.push(value);
      }
    }
    if (keys.length === 0) return [];
    const statement = write(keys, values, !this.stored);
    this.stored = true;
    return [statement];
  }

  /**
   * The writes of everything held (the end of a pass over the log), which is then let go: the tail a swap replays
   * reads what it touches from the shadow tables, and its totals are added to the written ones.
   */
  finish(): Statement[] {
    const out = this.totals.statements(!this.totalsWritten);
    const intoEmpty = !this.stored;
    for (const pax of chunks([...this.dirtyMembers], this.limits.rowsPerWrite))
      out.push(
        membersWrite(
          pax,
          pax.map((p) => this.members.get(p)!),
          intoEmpty,
        ),
      );
    for (const ids of chunks([...this.dirtyCertificates], this.limits.rowsPerWrite))
      out.push(
        certificatesWrite(
          ids,
          ids.map((c) => this.certificates.get(c)!),
          intoEmpty,
        ),
      );
    this.totals = new DatedTotals();
    this.totalsWritten = true;
    this.members.clear();
    this.certificates.clear();
    this.dirtyMembers.clear();
    this.dirtyCertificates.clear();
    this.stored = true;
    return out;
  }
}

/** `all` in runs of at most `size`. */
const chunks = <T>(all: T[], size: number): T[][] => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));
