import type { ActivityHeader, ActivityType } from '../../event-schemas/contract/activity';
import type pg from 'pg';
import { deferWrite, keepsLiveMessages, readRows, type Statement } from '../batch-buffer';
import { pushLive, type ProjectedEvent } from '../projection';

/** The headers' shape is the contract's (event-schemas/contract/activity.ts): the activity summary reads it. */
export type { ActivityHeader, ActivityType };

export const detailUrl = (paxId: number, id: string) => `/api/rest/patients/${paxId}/activity/${encodeURIComponent(id)}`;

interface Row {
  id: string;
  pax_id: string;
  activity_type: ActivityType;
  activity_date: string;
  points: string;
  description: string;
}
export const HEADER_COLUMNS = `id, pax_id, activity_type, to_char(activity_date, 'YYYY-MM-DD') AS activity_date, points, description`;
export const toHeader = (r: Row): ActivityHeader => ({
  id: r.id,
  activityType: r.activity_type,
  activityDate: r.activity_date,
  points: Number(r.points),
  description: r.description,
  detailUrl: detailUrl(Number(r.pax_id), r.id),
});

type Detail = Record<string, unknown>;
interface HeldRow {
  paxId: number;
  activityType: ActivityType;
  activityDate: string;
  points: number;
  description: string;
  /**
   * The detail as its JSON text when the row was read from the table, parsed only if an event changes it.
   */
  detailJson?: string;
  /**
   * The detail as an object when this batch inserted or changed it, turned into text once, when it is written: a
   * treatment's row is changed three or four times in its batch (approved, points computed, paid by promotions,
   * processed), and a text round trip at each change was half of what the activity read model's code spent in a
   * rebuild (a CPU profile of `npm run projections:rebuild` over 100,000 synthetic members: 3.3 of 6.8 s).
   * The changes build new objects (spreads) and never change one in place: an inserted detail may share arrays and
   * objects with its event's data, which other read models are handed too.
   */
  detail?: Detail;
  position: ProjectedEvent['position'];
}

/**
 * The activity rows one batch touches, read in one statement, changed in memory event by event (each change telling
 * the member's live stream, as a per-event write would) and written back in one statement.
 */
export class ActivityRows {
  private readonly rows = new Map<string, HeldRow>();
  private readonly dirty = new Set<string>();
  /** What each change tells the member's live stream, sent with the rows (none in a rebuild's shadow batch). */
  private readonly told: { event: ProjectedEvent; paxId: number; header: ActivityHeader }[] | undefined;

  private constructor(private readonly db: pg.PoolClient) {
    this.told = keepsLiveMessages(db) ? [] : undefined;
  }

  /** The read that loads (and locks) these rows (a runner may prefetch exactly this statement). */
  static loadStatement(ids: string[]): Statement {
    return {
      // The detail as text: held as text (HeldRow.detailJson) and parsed only if an event changes it. Read as jsonb,
      // node-postgres parsed every loaded detail and the load stringified it again.
      sql: `SELECT ${HEADER_COLUMNS}, detail::text AS detail_json, position_major, position_minor FROM rm_activity WHERE id = ANY($1::text[]) FOR UPDATE`,
      values: [[...new Set(ids)]],
    };
  }

  static async load(db: pg.PoolClient, ids: string[]): Promise<ActivityRows> {
    const held = new ActivityRows(db);
    if (ids.length === 0) return held;
    const r = await readRows<Row & { detail_json: string; position_major: string; position_minor: string }>(db, ActivityRows.loadStatement(ids));
    for (const row of r.rows) {
      held.rows.set(row.id, {
        paxId: Number(row.pax_id),
        activityType: row.activity_type,
        activityDate: row.activity_date,
        points: Number(row.points),
        description: row.description,
        detailJson: row.detail_json,
        position: { major: BigInt(row.position_major), minor: BigInt(row.position_minor) },
      });
    }
    return held;
  }

  /** Adds a header (keeping its first position for ordering; an id already there is left alone) and tells the member. */
  insert(e: ProjectedEvent, paxId: number, row: Omit<ActivityHeader, 'detailUrl'>, detail: unknown): void {
    if (this.rows.has(row.id)) return;
    // Kept as the object: a later change in this batch reads it as it is, and save writes its JSON. (What JSON leaves
    // out, such as an undefined property, stays out of the text written, and no change asks whether a key is there.)
    // Property by property, not `{ ...row, more }`: V8 builds that through a slow path, and a rebuild inserts 70,000.
    const held: HeldRow = {
      paxId,
      activityType: row.activityType,
      activityDate: row.activityDate,
      points: row.points,
      description: row.description,
      detailJson: undefined,
      detail: detail as Detail,
      position: e.position,
    };
    this.rows.set(row.id, held);
    this.dirty.add(row.id);
    this.tell(e, row.id);
  }

  /** The detail of a held row (read or written in this batch), or undefined when the batch holds no such row. */
  detailOf(id: string): Detail | undefined {
    const r = this.rows.get(id);
    if (!r) return undefined;
    return r.detail ?? (JSON.parse(r.detailJson!) as Detail);
  }

  /** Rewrites a header's type, points or detail; `change` gets the held detail. */
  update(
    e: ProjectedEvent,
    id: string,
    change: (current: { activityType: ActivityType; points: number; detail: Detail }) => { activityType: ActivityType; points: number; detail: Detail },
  ): void {
    const current = this.rows.get(id);
    if (!current) return;
    const detail = current.detail ?? (JSON.parse(current.detailJson!) as Detail);
    const next = change({ activityType: current.activityType, points: current.points, detail });
    current.activityType = next.activityType;
    current.points = next.points;
    current.detail = next.detail;
    current.detailJson = undefined;
    this.dirty.add(id);
    this.tell(e, id);
  }

  /**
   * Notes the header as it now stands for the member's live stream, sent in the order told with save: applying an
   * event then needs no await (100,000 of them in a rebuild, which drops the messages and builds none).
   */
  private tell(e: ProjectedEvent, id: string): void {
    if (!this.told) return;
    const r = this.rows.get(id)!;
    const header: ActivityHeader = {
      id,
      activityType: r.activityType,
      activityDate: r.activityDate,
      points: r.points,
      description: r.description,
      detailUrl: detailUrl(r.paxId, id),
    };
    this.told.push({ event: e, paxId: r.paxId, header });
  }

  async save(): Promise<void> {
    for (const t of this.told ?? []) await pushLive(this.db, t.paxId, t.event, 'activity', t.header);
    if (this.dirty.size === 0) return;
    const ids = [...this.dirty];
    const rows = ids.map((id) => this.rows.get(id)!);
    // The details go as one JSON array (they are JSON text already, so joining them is all it takes): as a text[]
    // parameter every quote of every detail was escaped into the array literal, and that escaping was about 150 ms of
    // a rebuild of the bench's 100,000 events (20 MB of details; .tmp microbenchmark: 7.5 ms a MB escaped, 1.3 joined).
    await deferWrite(this.db, {
      sql: `INSERT INTO rm_activity (id, pax_id, activity_type, activity_date, points, description, detail, position_major, position_minor)
       SELECT u.id, u.pax_id, u.activity_type, u.activity_date, u.points, u.description, d.detail, u.position_major, u.position_minor
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::date[], $5::bigint[], $6::text[], $7::numeric[], $8::numeric[]) WITH ORDINALITY
         AS u(id, pax_id, activity_type, activity_date, points, description, position_major, position_minor, i)
       JOIN jsonb_array_elements($9::jsonb) WITH ORDINALITY AS d(detail, i) ON d.i = u.i
       ON CONFLICT (id) DO UPDATE SET activity_type = EXCLUDED.activity_type, points = EXCLUDED.points, detail = EXCLUDED.detail`,
      values: [
        ids,
        rows.map((r) => r.paxId),
        rows.map((r) => r.activityType),
        rows.map((r) => r.activityDate),
        rows.map((r) => r.points),
        rows.map((r) => r.description),
        rows.map((r) => r.position.major.toString()),
        rows.map((r) => r.position.minor.toString()),
        `[${rows.map((r) => r.detailJson ?? JSON.stringify(r.detail)).join(',')}]`,
      ],
    });
  }
}
