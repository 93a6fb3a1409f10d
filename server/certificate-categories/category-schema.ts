import type { Migration } from '../../projections/migrations/migration';

/** Spec "Certificate category" fields that now decide something (see README.md). */
export const categoryFieldMigrations: Migration[] = [
  {
    id: '0702-category-max-purchase-quantity',
    sql: `ALTER TABLE certificate_categories ADD COLUMN max_purchase_quantity integer CHECK (max_purchase_quantity > 0);`,
  },
];
