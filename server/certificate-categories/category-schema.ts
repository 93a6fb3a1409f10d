import type { Migration } from '../../projections/migrations/migration';

/** Spec "Certificate category" fields that now decide something (see README.md). */
export const categoryFieldMigrations: Migration[] = [
  {
    id: '0702-category-max-purchase-quantity',
    sql: `ALTER TABLE certificate_categories ADD COLUMN max_purchase_quantity integer CHECK (max_purchase_quantity > 0);`,
  },
  {
    id: '0703-category-terms',
    sql: `
      -- The spec's numeric id (GET /certificate-categories/{id}); the code stays the key everything else uses.
      ALTER TABLE certificate_categories
        ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        ADD COLUMN start_date date,
        ADD COLUMN end_date date CHECK (end_date >= start_date),
        ADD COLUMN group_id bigint,
        ADD COLUMN transferable boolean NOT NULL DEFAULT true,
        ADD COLUMN quantity_in_one_treatment integer CHECK (quantity_in_one_treatment > 0),
        ADD COLUMN days_to_restrict_redemption integer NOT NULL DEFAULT 0 CHECK (days_to_restrict_redemption >= 0),
        ADD COLUMN show_activation_date boolean NOT NULL DEFAULT false,
        ADD COLUMN is_promo boolean NOT NULL DEFAULT false,
        ADD COLUMN promo_type text,
        ADD COLUMN promo_name text,
        -- Spec fields answered as sent that decide nothing here (README.md), kept whole.
        ADD COLUMN kept_fields jsonb NOT NULL DEFAULT '{}';
      -- Who may buy or redeem a variant: a logical expression over the redemption policy fields; null admits all.
      ALTER TABLE certificate_category_variants ADD COLUMN redemption_criteria jsonb;
    `,
  },
];
