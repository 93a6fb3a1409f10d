import type pg from 'pg';

export interface GiftVariant {
  amount: number;
  purchasePrice: number;
}

export interface GiftCategory {
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  certificateCategoryType: 'PURCHASABLE';
  displayCategory: 'gift';
  termsAndConditions: string;
  cardArtId: string | null;
  defaultExpirationLengthDays: number;
  /** The most of this category one order may hold (spec maxPurchaseQuantity); null: only the cart's limit. */
  maxPurchaseQuantity: number | null;
  variants: GiftVariant[];
}

interface Row {
  code: string;
  name: string;
  description: string;
  terms_and_conditions: string;
  card_art_id: string | null;
  default_expiration_days: number;
  max_purchase_quantity: number | null;
  amount: string | null;
  purchase_price: number | null;
}

/** Active purchasable categories with at least one variant, variants in their configured order. */
export async function readGiftCatalogue(db: pg.Pool): Promise<GiftCategory[]> {
  const r = await db.query<Row>(
    `SELECT c.code, c.name, c.description, c.terms_and_conditions, c.card_art_id, c.default_expiration_days, c.max_purchase_quantity, v.amount, v.purchase_price
       FROM certificate_categories c JOIN certificate_category_variants v ON v.category_code = c.code
      WHERE c.certificate_category_type = 'PURCHASABLE' AND c.active
      ORDER BY c.code, v.position, v.amount`,
  );
  const byCode = new Map<string, GiftCategory>();
  for (const row of r.rows) {
    let c = byCode.get(row.code);
    if (!c) {
      c = {
        certificateCategoryCode: row.code,
        certificateCategoryName: row.name,
        certificateCategoryDesc: row.description,
        certificateCategoryType: 'PURCHASABLE',
        displayCategory: 'gift',
        termsAndConditions: row.terms_and_conditions,
        cardArtId: row.card_art_id,
        defaultExpirationLengthDays: row.default_expiration_days,
        maxPurchaseQuantity: row.max_purchase_quantity,
        variants: [],
      };
      byCode.set(row.code, c);
    }
    c.variants.push({ amount: Number(row.amount), purchasePrice: Number(row.purchase_price) });
  }
  return [...byCode.values()];
}
