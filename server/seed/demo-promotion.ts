import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { promotionStream } from '../../event-schemas';
import { DEMO_PROMOTION_ID, DEMO_PROMOTION_PAGES, promotionPageEntries } from '../content/seed-promotion-pages';
import { handleCommand } from '../core/command-handler';
import { Problem } from '../core/problem';
import type { EventStore } from '../../event-schemas/store/event-store';
import { createPromotion, promotionFacts } from '../promotions/create-promotion';
import { blankFacts } from '../promotions/wizard-record';
import type { PayoutRule } from '../../event-schemas/promotion-payout';
import { addDays, utcDateOf } from '../../event-schemas/calendar';

/**
 * CONTRACT.md demo data: "a promotion". Fictional: a $25 offer certificate for each qualifying treatment this season
 * (20 or more neuromodulator units, or a dermal filler or collagen stimulator), open to every member. Its rules are
 * real: the payout process (server/promotions/promotion-payouts.ts) issues the certificate when such a treatment is
 * processed.
 */
export const DEMO_PROMOTION = {
  id: DEMO_PROMOTION_ID,
  name: 'Season of Glow',
  promotionCode: 'GLOW-SEASON',
  category: { code: 'GLOW_OFFER', name: 'Season of Glow Offer Certificate', amount: 25, expirationDays: 60 },
  rules: [
    {
      ruleId: 'glow-neuromodulator',
      name: 'Neuromodulator, 20 units or more',
      products: ['Brand A Neuromodulator (per unit)', 'Brand B Neuromodulator (per unit)'],
      target: 20,
    },
    {
      ruleId: 'glow-filler',
      name: 'Dermal filler or collagen stimulator',
      products: ['Brand A Dermal Filler (per syringe)', 'Brand B Collagen Stimulator (per vial)'],
      target: 1,
    },
  ],
};

/** The demo rules over the demo products' ids (a product missing from this database leaves its rule out). */
async function demoRules(db: pg.Pool): Promise<PayoutRule[]> {
  const names = DEMO_PROMOTION.rules.flatMap((r) => r.products);
  const found = await db.query<{ id: string; name: string }>('SELECT id, name FROM products WHERE name = ANY($1) AND NOT retired', [names]);
  const idOf = new Map(found.rows.map((r) => [r.name, Number(r.id)]));
  return DEMO_PROMOTION.rules.flatMap((r) => {
    const metricIds = r.products.flatMap((name) => (idOf.has(name) ? [idOf.get(name)!] : []));
    if (metricIds.length === 0) return [];
    return [
      {
        ruleId: r.ruleId,
        name: r.name,
        ruleType: 'payout' as const,
        ruleStructure: 'flat_payout' as const,
        measureType: 'UNITS' as const,
        metricType: 'product' as const,
        rewardBase: 'rank_number' as const,
        metricIds,
        // A certificate award issues one certificate whatever the tier pays; flat 1 keeps the rule readable.
        tiers: [{ award: 1, compareOp: 'gteq' as const, target: r.target, payMethod: 'flat' as const, min: null, max: null }],
      },
    ];
  });
}

/**
 * Creates and publishes the demo promotion through its decider, so it is real events. The fixed id makes it
 * idempotent: a restart finds the stream and adds nothing, and two processes starting at once append it once (the
 * loser's expected revision fails, and its retry decides "already exists").
 */
export async function seedDemoPromotion(db: pg.Pool, store: EventStore, log: (line: string) => void, now = new Date()): Promise<boolean> {
  const { category } = DEMO_PROMOTION;
  await db.query('INSERT INTO certificate_categories (code, name, nullify_awards, default_expiration_days) VALUES ($1, $2, false, $3) ON CONFLICT DO NOTHING', [
    category.code,
    category.name,
    category.expirationDays,
  ]);
  // The certificate's value is its first variant's amount. The category is not PURCHASABLE, so the variant's price
  // (a column every variant must have) is never charged.
  await db.query('INSERT INTO certificate_category_variants (category_code, amount, purchase_price, position) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING', [
    category.code,
    category.amount,
    category.amount * 10,
  ]);
  // A database made before these pages existed has run the content migration already, without them.
  for (const e of promotionPageEntries) {
    await db.query('INSERT INTO content_entries (id, content_type, fields) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      e.id,
      e.contentType,
      JSON.stringify(e.fields),
    ]);
  }
  if ((await store.readStream(promotionStream(DEMO_PROMOTION.id), { maxCount: 1 })).length) return false;
  // Yesterday in UTC is never after today in the programme's time zone, so the promotion is open at once.
  const fromDate = addDays(utcDateOf(now), -1);
  const base = promotionFacts(DEMO_PROMOTION.id, {
    name: DEMO_PROMOTION.name,
    description:
      'Receive a $25 offer certificate toward your next visit for each qualifying treatment this season: 20 or more neuromodulator units, or a dermal filler or collagen stimulator.',
    promotionCode: DEMO_PROMOTION.promotionCode,
    fromDate,
    thruDate: addDays(fromDate, 365),
    certificateCategoryCode: category.code,
    website: {
      tileTitle: 'Season of Glow: a $25 offer for each qualifying treatment',
      pages: (['OVERVIEW', 'RULES', 'FAQ'] as const).map((page) => ({ page, contentEntryId: DEMO_PROMOTION_PAGES[page] })),
    },
  });
  const facts = { ...base, payoutAndRules: { ...blankFacts(DEMO_PROMOTION.id).payoutAndRules, awardType: 'CERTIFICATE' as const, rules: await demoRules(db) } };
  try {
    await handleCommand(
      store,
      createPromotion,
      promotionStream(DEMO_PROMOTION.id),
      { facts, finalize: true },
      { actor: { kind: 'system', job: 'demo-seed' }, correlationId: randomUUID(), now },
    );
  } catch (error) {
    if (error instanceof Problem && error.slug === 'conflict') return false;
    throw error;
  }
  log('seeded demo promotion');
  return true;
}
