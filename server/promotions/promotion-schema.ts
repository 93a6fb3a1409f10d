import type { Migration } from '../../projections/migrations/migration';

/**
 * The payout process's own tables (server/promotions/promotion-payouts.ts): each promotion folded as of the log
 * position the process has reached, and each treatment's measured lines (what the rules and the forecast read).
 * They are the process's memory, not a read model (the rebuild command leaves processes alone); a reset of the
 * process empties them and the replay refills them. A payout is decided on the member stream, so a replay pays nothing twice.
 */
export const promotionMigrations: Migration[] = [
  {
    id: '0810-promotion-payouts',
    sql: `
      CREATE TABLE promotion_payout_promotions (
        promotion_id uuid PRIMARY KEY,
        status text NOT NULL,
        from_date date NOT NULL,
        thru_date date NOT NULL,
        has_rules boolean NOT NULL,
        state jsonb NOT NULL
      );
      CREATE INDEX promotion_payout_promotions_paying ON promotion_payout_promotions (from_date, thru_date) WHERE has_rules AND status IN ('ACTIVE', 'ENDED');
      CREATE TABLE promotion_payout_treatments (
        treatment_id uuid PRIMARY KEY,
        pax_id bigint NOT NULL,
        date_of_service date NOT NULL,
        lines jsonb NOT NULL,
        processed boolean NOT NULL DEFAULT false
      );
      CREATE INDEX promotion_payout_treatments_processed ON promotion_payout_treatments (date_of_service) WHERE processed;
    `,
  },
];
