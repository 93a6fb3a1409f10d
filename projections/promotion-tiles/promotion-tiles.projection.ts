import { promotionEvents, type PromotionEvent } from '../../event-schemas';
import type { Projection, Touched } from '../projection';

// Promotions are everybody's: a change goes to every open stream, and members' pages re-read their tiles.
const PROMOTIONS_CHANGED: Touched = { paxIds: [], broadcasts: ['promotions'] };

/** Every promotion's overview, status and website: the source of member tiles and of the admin promotion list. */
export const promotionTilesProjection: Projection<PromotionEvent> = {
  name: 'promotion-tiles',
  consumes: promotionEvents.types,
  tables: ['rm_promotions'],
  liveKinds: [],
  async apply(db, e) {
    const at = [e.metadata.occurredAt, e.position.major.toString(), e.position.minor.toString()];
    switch (e.event.type) {
      case 'PromotionCreated': {
        const d = e.event.data;
        await db.query(
          `INSERT INTO rm_promotions (promotion_id, name, description, promotion_code, type_code, status, from_date, thru_date, group_ids,
             certificate_category_code, website, created_at, updated_at, last_position_major, last_position_minor)
           VALUES ($1, $2, $3, $4, $5, 'NEW', $6, $7, $8, $9, $10, $11, $11, $12, $13) ON CONFLICT DO NOTHING`,
          [
            d.promotionId,
            d.name,
            d.description,
            d.promotionCode,
            d.typeCode,
            d.fromDate,
            d.thruDate,
            d.groupIds,
            d.certificateCategoryCode,
            JSON.stringify(d.website),
            ...at,
          ],
        );
        return PROMOTIONS_CHANGED;
      }
      case 'PromotionRevised': {
        // Only the changed fields are in the event; the others keep their column (COALESCE of a NULL parameter).
        const c = e.event.data.changes;
        const categoryChanged = 'certificateCategoryCode' in c;
        await db.query(
          `UPDATE rm_promotions SET name = COALESCE($2, name), description = COALESCE($3, description), promotion_code = COALESCE($4, promotion_code),
             from_date = COALESCE($5, from_date), thru_date = COALESCE($6, thru_date), group_ids = COALESCE($7, group_ids),
             certificate_category_code = CASE WHEN $8 THEN $9 ELSE certificate_category_code END, website = COALESCE($10, website),
             updated_at = $11, last_position_major = $12, last_position_minor = $13
           WHERE promotion_id = $1`,
          [
            e.event.data.promotionId,
            c.name ?? null,
            c.description ?? null,
            c.promotionCode ?? null,
            c.fromDate ?? null,
            c.thruDate ?? null,
            c.groupIds ?? null,
            categoryChanged,
            c.certificateCategoryCode ?? null,
            c.website ? JSON.stringify(c.website) : null,
            ...at,
          ],
        );
        return PROMOTIONS_CHANGED;
      }
      case 'PromotionStatusChanged':
        await db.query('UPDATE rm_promotions SET status = $2, updated_at = $3, last_position_major = $4, last_position_minor = $5 WHERE promotion_id = $1', [
          e.event.data.promotionId,
          e.event.data.to,
          ...at,
        ]);
        return PROMOTIONS_CHANGED;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};
