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
          [d.promotionId, d.name, d.description, d.promotionCode, d.typeCode, d.fromDate, d.thruDate, d.groupIds, d.certificateCategoryCode, JSON.stringify(d.website), ...at],
        );
        return PROMOTIONS_CHANGED;
      }
      case 'PromotionStatusChanged':
        await db.query(
          'UPDATE rm_promotions SET status = $2, updated_at = $3, last_position_major = $4, last_position_minor = $5 WHERE promotion_id = $1',
          [e.event.data.promotionId, e.event.data.to, ...at],
        );
        return PROMOTIONS_CHANGED;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};
