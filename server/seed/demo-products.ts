import type pg from 'pg';

/** Neutral demo products of both brands: treatments earn toward the per-date cap, partner products under the daily limit. */
const PRODUCTS = [
  { name: 'Brand A Neuromodulator (per unit)', category: 'TREATMENT', brand: 'BRAND_A', msrp: 14, points: 2 },
  { name: 'Brand A Dermal Filler (per syringe)', category: 'TREATMENT', brand: 'BRAND_A', msrp: 750, points: 100 },
  { name: 'Brand B Neuromodulator (per unit)', category: 'TREATMENT', brand: 'BRAND_B', msrp: 13, points: 2 },
  { name: 'Brand B Collagen Stimulator (per vial)', category: 'TREATMENT', brand: 'BRAND_B', msrp: 900, points: 120 },
  { name: 'Brand A Partner Skincare Serum', category: 'PARTNER', brand: 'BRAND_A', msrp: 120, points: 10 },
  { name: 'Brand B Partner Skincare Kit', category: 'PARTNER', brand: 'BRAND_B', msrp: 180, points: 15 },
] as const;

/** Certificate categories known to treatments; a courtesy certificate restricts earnings on the treatment it pays. */
const CATEGORIES = [
  { code: 'reward', name: 'Reward certificate', nullify: false },
  { code: 'courtesy', name: 'Practice courtesy certificate', nullify: true },
];

export async function seedDemoProducts(db: pg.Pool, log: (line: string) => void): Promise<void> {
  const existing = await db.query('SELECT 1 FROM products LIMIT 1');
  if (existing.rowCount) return;
  for (const p of PRODUCTS) {
    await db.query('INSERT INTO products (name, category, brand, msrp_per_unit, points_per_unit) VALUES ($1, $2, $3, $4, $5)', [
      p.name,
      p.category,
      p.brand,
      p.msrp,
      p.points,
    ]);
  }
  for (const c of CATEGORIES) {
    await db.query('INSERT INTO certificate_categories (code, name, nullify_awards) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [c.code, c.name, c.nullify]);
  }
  log('seeded demo products and certificate categories');
}
