import type pg from 'pg';
import type { PromotionStatus, PromotionWebsite } from '../../event-schemas';

/** A promotion as the read model holds it. */
export interface PromotionRecord {
  promotionId: string;
  name: string;
  description: string;
  promotionCode: string;
  typeCode: string;
  status: PromotionStatus;
  fromDate: string;
  thruDate: string;
  groupIds: number[];
  certificateCategoryCode: string | null;
  website: PromotionWebsite;
}

interface Row {
  promotion_id: string;
  name: string;
  description: string;
  promotion_code: string;
  type_code: string;
  status: PromotionStatus;
  from_date: string;
  thru_date: string;
  group_ids: string[];
  certificate_category_code: string | null;
  website: PromotionWebsite;
}

export const PROMOTION_COLUMNS = `promotion_id, name, description, promotion_code, type_code, status, to_char(from_date, 'YYYY-MM-DD') AS from_date,
  to_char(thru_date, 'YYYY-MM-DD') AS thru_date, group_ids, certificate_category_code, website`;

const toRecord = (r: Row): PromotionRecord => ({
  promotionId: r.promotion_id,
  name: r.name,
  description: r.description,
  promotionCode: r.promotion_code,
  typeCode: r.type_code,
  status: r.status,
  fromDate: r.from_date,
  thruDate: r.thru_date,
  groupIds: r.group_ids.map(Number),
  certificateCategoryCode: r.certificate_category_code,
  website: r.website,
});

/** ACTIVE promotions whose window holds `today` (a programme date), oldest start first. */
export async function activePromotionsOn(pool: pg.Pool, today: string): Promise<PromotionRecord[]> {
  const r = await pool.query<Row>(
    `SELECT ${PROMOTION_COLUMNS} FROM rm_promotions WHERE status = 'ACTIVE' AND from_date <= $1 AND thru_date >= $1 ORDER BY from_date, name, promotion_id`,
    [today],
  );
  return r.rows.map(toRecord);
}

export async function findPromotion(pool: pg.Pool, promotionId: string): Promise<PromotionRecord | undefined> {
  const r = await pool.query<Row>(`SELECT ${PROMOTION_COLUMNS} FROM rm_promotions WHERE promotion_id = $1`, [promotionId]);
  return r.rows[0] ? toRecord(r.rows[0]) : undefined;
}

export interface PromotionListQuery {
  status?: PromotionStatus;
  searchName?: string;
  page: number;
  size: number;
}

/** The admin list: newest first, optionally one status and a name containing `searchName` (any case). */
export async function listPromotions(pool: pg.Pool, q: PromotionListQuery): Promise<{ items: PromotionRecord[]; totalElements: number }> {
  const pattern = q.searchName ? `%${q.searchName.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // ALL means every promotion still in play: a deleted draft is listed only when asked for by its status.
  const where = "(CASE WHEN $1::text IS NULL THEN status <> 'DELETED' ELSE status = $1 END) AND ($2::text IS NULL OR name ILIKE $2)";
  const args = [q.status ?? null, pattern];
  const [rows, count] = await Promise.all([
    pool.query<Row>(`SELECT ${PROMOTION_COLUMNS} FROM rm_promotions WHERE ${where} ORDER BY created_at DESC, promotion_id LIMIT $3 OFFSET $4`, [
      ...args,
      q.size,
      q.page * q.size,
    ]),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM rm_promotions WHERE ${where}`, args),
  ]);
  return { items: rows.rows.map(toRecord), totalElements: Number(count.rows[0].n) };
}

export interface PromotionEarnings {
  points: number;
  certificates: number;
  treatments: number;
}

/** What one member has earned from each promotion so far, by promotion id (only those that paid them). */
export async function earningsOf(db: pg.Pool, paxId: number, promotionIds: readonly string[]): Promise<Map<string, PromotionEarnings>> {
  if (promotionIds.length === 0) return new Map();
  const r = await db.query<{ promotion_id: string; points: string; certificates: number; treatments: number }>(
    'SELECT promotion_id, points, certificates, treatments FROM rm_promotion_earnings WHERE pax_id = $1 AND promotion_id = ANY($2)',
    [paxId, promotionIds],
  );
  return new Map(r.rows.map((x) => [x.promotion_id, { points: Number(x.points), certificates: x.certificates, treatments: x.treatments }]));
}
