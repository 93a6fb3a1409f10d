import type pg from 'pg';

/** Demo purchasable categories: dollars at ten points each, like the redeem tiers. */
const GIFT_CATEGORIES = [
  {
    code: 'ASPIRE_GIFT',
    name: 'Aspire Gift Certificate',
    description: 'A certificate toward any treatment at a participating practice.',
    terms: 'Redeemable at participating practices within 365 days of issue. Not exchangeable for cash.',
    art: 'card-art-default',
    variants: [
      [25, 250],
      [50, 500],
      [100, 1000],
    ],
  },
  {
    code: 'SKINCARE_GIFT',
    name: 'Skincare Gift Certificate',
    description: 'A certificate toward partner skincare products.',
    terms: 'Redeemable for partner skincare products within 365 days of issue. Not exchangeable for cash.',
    art: 'card-art-skincare-botanical',
    variants: [
      [30, 300],
      [60, 600],
    ],
  },
] as const;

/** Adds the demo categories once; an administrator's later changes are kept (nothing is overwritten). */
export async function seedGiftCategories(db: pg.Pool, log: (line: string) => void): Promise<void> {
  let added = 0;
  for (const c of GIFT_CATEGORIES) {
    const r = await db.query(
      `INSERT INTO certificate_categories (code, name, nullify_awards, certificate_category_type, description, terms_and_conditions, card_art_id)
       VALUES ($1, $2, false, 'PURCHASABLE', $3, $4, $5) ON CONFLICT DO NOTHING`,
      [c.code, c.name, c.description, c.terms, c.art],
    );
    if (!r.rowCount) continue;
    added++;
    for (const [i, [amount, price]] of c.variants.entries()) {
      await db.query(
        'INSERT INTO certificate_category_variants (category_code, amount, purchase_price, position) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [c.code, amount, price, i],
      );
    }
  }
  if (added) log(`seeded ${added} purchasable gift-certificate categories`);
}
