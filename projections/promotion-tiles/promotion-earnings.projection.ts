import type { EventOfType } from '../../event-schemas';
import { consuming, type Projection } from '../projection';

type Consumed = EventOfType<'PromotionAwardEarned'>;

/** What each member has earned from each promotion so far: the tile says it ("You have earned 120 points"). */
export const promotionEarningsProjection: Projection<Consumed> = {
  name: 'promotion-earnings',
  consumes: consuming<Consumed>()('PromotionAwardEarned'),
  tables: ['rm_promotion_earnings'],
  liveKinds: [],
  async apply(db, e) {
    const d = e.event.data;
    const points = d.awardType === 'POINT' ? d.amount : 0;
    const certificates = d.awardType === 'CERTIFICATE' ? 1 : 0;
    await db.query(
      `INSERT INTO rm_promotion_earnings (pax_id, promotion_id, points, certificates, treatments) VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (pax_id, promotion_id) DO UPDATE SET points = rm_promotion_earnings.points + $3, certificates = rm_promotion_earnings.certificates + $4,
         treatments = rm_promotion_earnings.treatments + 1`,
      [d.paxId, d.promotionId, points, certificates],
    );
    return { paxIds: [d.paxId], broadcasts: [] };
  },
};
