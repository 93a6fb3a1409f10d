import type pg from 'pg';
import { pushLive, type ProjectedEvent } from '../projection';

export type ActivityType = 'OFFICE VISIT' | 'TREATMENT' | 'TREATMENT PENDING' | 'BONUS POINTS EARNED' | 'ASPIRE GIFT CERTIFICATES' | 'POINTS REDEEMED';

export interface ActivityHeader {
  id: string;
  activityType: ActivityType;
  activityDate: string;
  points: number;
  description: string;
  detailUrl: string;
}

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

/** Inserts a header (keeping its first position for ordering) and tells the member's live stream. */
export async function insertActivity(db: pg.PoolClient, e: ProjectedEvent, paxId: number, row: Omit<ActivityHeader, 'detailUrl'>, detail: unknown) {
  const r = await db.query<Row>(
    `INSERT INTO rm_activity (id, pax_id, activity_type, activity_date, points, description, detail, position_major, position_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING ${HEADER_COLUMNS}`,
    [row.id, paxId, row.activityType, row.activityDate, row.points, row.description, JSON.stringify(detail), e.position.major.toString(), e.position.minor.toString()],
  );
  if (r.rows[0]) await pushLive(db, paxId, e, 'activity', toHeader(r.rows[0]));
}

/** Rewrites a header's type, points or detail; `change` gets the stored detail. */
export async function updateActivity(
  db: pg.PoolClient,
  e: ProjectedEvent,
  id: string,
  change: (current: { activityType: ActivityType; points: number; detail: Record<string, unknown> }) => { activityType: ActivityType; points: number; detail: Record<string, unknown> },
) {
  const current = await db.query<{ activity_type: ActivityType; points: string; detail: Record<string, unknown> }>('SELECT activity_type, points, detail FROM rm_activity WHERE id = $1 FOR UPDATE', [id]);
  if (!current.rows[0]) return;
  const next = change({ activityType: current.rows[0].activity_type, points: Number(current.rows[0].points), detail: current.rows[0].detail });
  const r = await db.query<Row>(`UPDATE rm_activity SET activity_type = $2, points = $3, detail = $4 WHERE id = $1 RETURNING ${HEADER_COLUMNS}`, [
    id,
    next.activityType,
    next.points,
    JSON.stringify(next.detail),
  ]);
  const header = toHeader(r.rows[0]);
  await pushLive(db, Number(r.rows[0].pax_id), e, 'activity', header);
  return header;
}
