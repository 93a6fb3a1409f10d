import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, Problem } from '../core/problem';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import type { ProductCategory, Product as WireProduct } from '../../event-schemas/contract/products';

/** The company's two brands. Codes are what the API and events carry; names are for display. */
export const BRANDS = { BRAND_A: 'Brand A Aesthetics', BRAND_B: 'Brand B Dermal' } as const;
export type BrandCode = keyof typeof BRANDS;

export interface Product {
  id: number;
  name: string;
  category: ProductCategory;
  brand: BrandCode;
  msrpPerUnit: number;
  pointsPerUnit: number;
  retired: boolean;
}
export type ProductFields = Omit<Product, 'id' | 'retired'>;
/** Admin product routes answer the contract's product (event-schemas/contract/products.ts). */
export type ProductAnswer = Answers<Product, WireProduct>;

interface ProductRow {
  id: string;
  name: string;
  category: Product['category'];
  brand: BrandCode;
  msrp_per_unit: string;
  points_per_unit: number;
  retired: boolean;
}
const COLUMNS = 'id, name, category, brand, msrp_per_unit, points_per_unit, retired';
const toProduct = (r: ProductRow): Product => ({
  id: Number(r.id),
  name: r.name,
  category: r.category,
  brand: r.brand,
  msrpPerUnit: Number(r.msrp_per_unit),
  pointsPerUnit: r.points_per_unit,
  retired: r.retired,
});

/** PostgreSQL's unique_violation on products_name_unique: another product already has this name. */
const isDuplicateName = (e: unknown) =>
  (e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'products_name_unique';
const duplicateName = (name: string) =>
  new Problem('conflict', `A product named ${name} already exists`, [{ path: 'body.name', message: 'is already the name of another product' }]);

/** Runs a write that may repeat a name; the unique index decides, so two admins saving at once cannot both win. */
async function refusingDuplicateNames<T>(name: () => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isDuplicateName(e)) throw duplicateName(name());
    throw e;
  }
}

export async function listProducts(db: pg.Pool, includeRetired: boolean): Promise<Product[]> {
  const r = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE $1 OR NOT retired ORDER BY id`, [includeRetired]);
  return r.rows.map(toProduct);
}

/** Products by id, retired ones included (the caller decides whether a retired product may be used). */
export async function productsByIds(db: pg.Pool, ids: number[]): Promise<Map<number, Product>> {
  const r = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = ANY($1::bigint[])`, [ids]);
  return new Map(r.rows.map((row) => [Number(row.id), toProduct(row)]));
}

export async function createProduct(pool: pg.Pool, fields: ProductFields, actor: Actor): Promise<Product> {
  return refusingDuplicateNames(
    () => fields.name,
    () =>
      inTransaction(pool, async (db) => {
        const r = await db.query<ProductRow>(
          `INSERT INTO products (name, category, brand, msrp_per_unit, points_per_unit) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
          [fields.name, fields.category, fields.brand, fields.msrpPerUnit, fields.pointsPerUnit],
        );
        const created = toProduct(r.rows[0]);
        await auditConfigChange(db, { entity: 'product', entityId: created.id, action: 'create', actor, before: null, after: created });
        return created;
      }),
  );
}

/** Applies `change` to the locked row and audits before and after in the same transaction. */
export async function changeProduct(pool: pg.Pool, id: number, action: string, actor: Actor, change: (p: Product) => Product): Promise<Product> {
  let attempted = '';
  return refusingDuplicateNames(
    () => attempted,
    () =>
      inTransaction(pool, async (db) => {
        const r = await db.query<ProductRow>(`SELECT ${COLUMNS} FROM products WHERE id = $1 FOR UPDATE`, [id]);
        if (!r.rowCount) throw notFound(`Product ${id}`);
        const before = toProduct(r.rows[0]);
        const after = change(before);
        attempted = after.name;
        await db.query(
          'UPDATE products SET name = $2, category = $3, brand = $4, msrp_per_unit = $5, points_per_unit = $6, retired = $7, updated_at = now() WHERE id = $1',
          [id, after.name, after.category, after.brand, after.msrpPerUnit, after.pointsPerUnit, after.retired],
        );
        await auditConfigChange(db, { entity: 'product', entityId: id, action, actor, before, after });
        return after;
      }),
  );
}
