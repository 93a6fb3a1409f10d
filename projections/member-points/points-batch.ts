import type { PointsChanged } from '../../event-schemas/contract/participants';
import type pg from 'pg';
import { formatPosition } from '../../event-schemas/store/position';
import { deferWrite, keepsLiveMessages, readRows, together, type Statement } from '../batch-buffer';
import { pushLive, type ProjectedEvent } from '../projection';

interface Figures {
  balance: number;
  pending: number;
  lifetimeEarned: number;
  position: ProjectedEvent['position'];
}

/**
 * One batch of the member-points projection, worked out in memory and written in four statements: the touched
 * members' figures are read once, every event moves them in log order (each move telling the member's live stream
 * the figures after it, as a per-event write would), then new lots, lot spends and the final figures are written.
 */
export class PointsBatch {
  private readonly figures = new Map<number, Figures>();
  private readonly newLots: unknown[][] = [];
  private readonly spends: { paxId: number; lotId: string; amount: number }[] = [];
  /** [paxId, lotId, points, expiredAt, major, minor] of each lot that expired. */
  private readonly expiries: unknown[][] = [];

  /** The figures each change tells the member's live stream, in order (none in a rebuild's shadow batch). */
  private readonly told: { event: ProjectedEvent; paxId: number; balance: number; pending: number }[] | undefined;

  private constructor(private readonly db: pg.PoolClient) {
    this.told = keepsLiveMessages(db) ? [] : undefined;
  }

  /** The read that loads the figures of these members (a runner may prefetch exactly this statement). */
  static loadStatement(paxIds: number[]): Statement {
    return {
      sql: 'SELECT pax_id, balance, pending, lifetime_earned, last_position_major, last_position_minor FROM rm_member_points WHERE pax_id = ANY($1::bigint[])',
      values: [[...new Set(paxIds)]],
    };
  }

  static async load(db: pg.PoolClient, paxIds: number[]): Promise<PointsBatch> {
    const batch = new PointsBatch(db);
    const r = await readRows<{
      pax_id: string;
      balance: string;
      pending: string;
      lifetime_earned: string;
      last_position_major: string;
      last_position_minor: string;
    }>(db, PointsBatch.loadStatement(paxIds));
    for (const row of r.rows) {
      batch.figures.set(Number(row.pax_id), {
        balance: Number(row.balance),
        pending: Number(row.pending),
        lifetimeEarned: Number(row.lifetime_earned),
        position: { major: BigInt(row.last_position_major), minor: BigInt(row.last_position_minor) },
      });
    }
    return batch;
  }

  /** A lot of an award, with the award's instant and place in the log (the report's earned drill-down reads both). */
  addLot(
    paxId: number,
    lot: {
      lotId: string;
      amount: number;
      expirationDate: string;
      description: string;
      source: string;
      awardedAt: string;
      position: ProjectedEvent['position'];
    },
  ): void {
    const { major, minor } = lot.position;
    this.newLots.push([paxId, lot.lotId, lot.amount, lot.expirationDate, lot.description, lot.source, lot.awardedAt, major.toString(), minor.toString()]);
  }

  /**
   * Points a reversal left owed. No column holds them: a reversal owes only what no lot holds any more, and later awards
   * pay the debt back before a lot holds anything, so while anything is owed every lot is empty and the balance is
   * exactly minus the debt.
   */
  owedBy(paxId: number): number {
    return Math.max(0, -(this.figures.get(paxId)?.balance ?? 0));
  }

  spendLots(paxId: number, spent: readonly { lotId: string; amount: number }[]): void {
    for (const s of spent) this.spends.push({ paxId, lotId: s.lotId, amount: s.amount });
  }

  /**
   * What was left of a lot expired: spent like any spend, and the lot keeps the expiry's instant, place in the log and
   * points (the report's expired drill-down reads them, as its earned one reads the award's).
   */
  expireLot(paxId: number, expiry: { lotId: string; amount: number; expiredAt: string; position: ProjectedEvent['position'] }): void {
    const { major, minor } = expiry.position;
    this.expiries.push([paxId, expiry.lotId, expiry.amount, expiry.expiredAt, major.toString(), minor.toString()]);
  }

  /**
   * Moves the balance and pending figures and notes for the member's live stream the new ones (sent with save, so
   * applying an event needs no await; none are kept in a rebuild's shadow batch).
   */
  change(e: ProjectedEvent, paxId: number, balanceDelta: number, pendingDelta: number, earnedDelta = 0): void {
    const f = this.figures.get(paxId) ?? { balance: 0, pending: 0, lifetimeEarned: 0, position: e.position };
    const next = { balance: f.balance + balanceDelta, pending: f.pending + pendingDelta, lifetimeEarned: f.lifetimeEarned + earnedDelta, position: e.position };
    this.figures.set(paxId, next);
    this.dirty.add(paxId);
    this.told?.push({ event: e, paxId, balance: next.balance, pending: next.pending });
  }

  private readonly dirty = new Set<number>();

  /**
   * Writes new lots, then spends, then the members' figures, in as few statements as their order allows: the statements
   * of one round trip (data-modifying CTEs) all see the rows as they were before it, so spends, which may take from a
   * lot awarded in this same batch, never share one with the new lots. Figures go with whichever comes last (an
   * award-only batch is one round trip).
   */
  async save(): Promise<void> {
    for (const t of this.told ?? [])
      await pushLive(this.db, t.paxId, t.event, 'points', {
        paxId: t.paxId,
        balance: t.balance,
        pending: t.pending,
        position: formatPosition(t.event.position),
      } satisfies PointsChanged);
    const column = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
    const writes: Statement[] = [];
    if (this.newLots.length)
      writes.push({
        sql: `INSERT INTO rm_point_lots (pax_id, lot_id, amount, remaining, expiration_date, description, source, awarded_at, pos_major, pos_minor)
         SELECT pax_id, lot_id, amount, amount, expiration_date, description, source, awarded_at, pos_major, pos_minor
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::date[], $5::text[], $6::text[], $7::timestamptz[], $8::bigint[], $9::bigint[])
           AS u(pax_id, lot_id, amount, expiration_date, description, source, awarded_at, pos_major, pos_minor)
         ON CONFLICT DO NOTHING`,
        values: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => column(this.newLots, i)),
      });
    if (this.spends.length || this.expiries.length) {
      if (writes.length) await this.run(writes.splice(0));
      // Summed per lot: UPDATE ... FROM applies only one matching row per target row. A lot expires once (what was left
      // of it), so its expiry's columns are the one expiry's; the lots no expiry names keep theirs.
      writes.push({
        sql: `UPDATE rm_point_lots l SET remaining = l.remaining - s.amount, expired_at = coalesce(s.expired_at, l.expired_at),
           expired_points = coalesce(s.expired_points, l.expired_points), expired_pos_major = coalesce(s.major, l.expired_pos_major),
           expired_pos_minor = coalesce(s.minor, l.expired_pos_minor)
         FROM (SELECT pax_id, lot_id, sum(amount) AS amount, max(expired_at) AS expired_at, sum(amount) FILTER (WHERE expired_at IS NOT NULL) AS expired_points,
                 max(major) AS major, max(minor) AS minor
               FROM (SELECT pax_id, lot_id, amount, NULL::timestamptz AS expired_at, NULL::bigint AS major, NULL::bigint AS minor
                     FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS u(pax_id, lot_id, amount)
                     UNION ALL SELECT * FROM unnest($4::bigint[], $5::text[], $6::bigint[], $7::timestamptz[], $8::bigint[], $9::bigint[])) spent
               GROUP BY pax_id, lot_id) s
         WHERE l.pax_id = s.pax_id AND l.lot_id = s.lot_id`,
        values: [
          this.spends.map((s) => s.paxId),
          this.spends.map((s) => s.lotId),
          this.spends.map((s) => s.amount),
          ...[0, 1, 2, 3, 4, 5].map((i) => column(this.expiries, i)),
        ],
      });
    }
    if (this.dirty.size) {
      const pax = [...this.dirty];
      const f = pax.map((p) => this.figures.get(p)!);
      writes.push({
        sql: `INSERT INTO rm_member_points AS m (pax_id, balance, pending, lifetime_earned, last_position_major, last_position_minor)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::numeric[], $6::numeric[])
         ON CONFLICT (pax_id) DO UPDATE SET balance = EXCLUDED.balance, pending = EXCLUDED.pending, lifetime_earned = EXCLUDED.lifetime_earned,
           last_position_major = EXCLUDED.last_position_major, last_position_minor = EXCLUDED.last_position_minor`,
        values: [
          pax,
          f.map((x) => x.balance),
          f.map((x) => x.pending),
          f.map((x) => x.lifetimeEarned),
          f.map((x) => x.position.major.toString()),
          f.map((x) => x.position.minor.toString()),
        ],
      });
    }
    if (writes.length) await this.run(writes);
  }

  /** Writes to different tables as one statement (see `together`); inside a runner's batch it goes with its last round trip. */
  private async run(writes: Statement[]): Promise<void> {
    const statement = together(writes);
    if (statement) await deferWrite(this.db, statement);
  }
}
