import type { Migration } from '../../projections/migrations/migration';

/** Product names are how admins and practices tell products apart, so two products may not share one (ignoring case and outer spaces). */
export const productMigrations: Migration[] = [
  {
    id: '0503-products-unique-name',
    sql: `
      -- Databases made before this rule may already hold a repeated name: every copy after the first (by id) gets its id
      -- appended, so the index can be built and no product is lost or merged.
      UPDATE products p SET name = p.name || ' (' || p.id || ')', updated_at = now()
      WHERE EXISTS (SELECT 1 FROM products q WHERE lower(btrim(q.name)) = lower(btrim(p.name)) AND q.id < p.id);
      CREATE UNIQUE INDEX products_name_unique ON products (lower(btrim(name)));
    `,
  },
];
