import type { Migration } from '../../projections/migrations/migration';

/**
 * Purchasable certificate categories: display fields on the existing category row (added, never changed, so the
 * treatments that read the table are untouched) and the variants a member can buy, priced in points.
 */
export const giftCertificateMigrations: Migration[] = [
  {
    id: '0700-gift-certificate-variants',
    sql: `
      ALTER TABLE certificate_categories
        ADD COLUMN IF NOT EXISTS description text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS terms_and_conditions text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS card_art_id text,
        ADD COLUMN IF NOT EXISTS active boolean NOT NULL DEFAULT true,
        ADD COLUMN IF NOT EXISTS default_expiration_days integer NOT NULL DEFAULT 365 CHECK (default_expiration_days > 0);
      CREATE TABLE certificate_category_variants (
        category_code text NOT NULL REFERENCES certificate_categories (code) ON UPDATE CASCADE ON DELETE CASCADE,
        amount numeric(10, 2) NOT NULL CHECK (amount > 0),
        purchase_price integer NOT NULL CHECK (purchase_price > 0),
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (category_code, amount)
      );
    `,
  },
];
