import type { Migration } from './migration';

export const promotionMigrations: Migration[] = [
  {
    id: '0800-rm-promotions',
    sql: `
      -- Every promotion as its stream now stands: the admin list reads all of it, member tiles the ACTIVE ones.
      CREATE TABLE rm_promotions (
        promotion_id uuid PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        promotion_code text NOT NULL,
        type_code text NOT NULL,
        status text NOT NULL,
        from_date date NOT NULL,
        thru_date date NOT NULL,
        group_ids bigint[] NOT NULL,
        certificate_category_code text,
        website jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_position_major numeric(20) NOT NULL,
        last_position_minor numeric(20) NOT NULL
      );
      -- Member tiles: only ACTIVE promotions whose window holds today, however many have ended before.
      CREATE INDEX rm_promotions_active_window ON rm_promotions (from_date, thru_date) WHERE status = 'ACTIVE';
      CREATE INDEX rm_promotions_admin_list ON rm_promotions (status, created_at DESC);
    `,
  },
];

/** What members have earned from each promotion (projections/promotion-tiles/promotion-earnings.projection.ts). */
export const promotionEarningsMigrations: Migration[] = [
  {
    id: '0801-rm-promotion-earnings',
    sql: `
      CREATE TABLE rm_promotion_earnings (
        pax_id bigint NOT NULL,
        promotion_id uuid NOT NULL,
        points bigint NOT NULL,
        certificates int NOT NULL,
        treatments int NOT NULL,
        PRIMARY KEY (pax_id, promotion_id)
      );
    `,
  },
];
