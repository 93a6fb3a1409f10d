import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { promotionStream } from '../../event-schemas';
import { DEMO_PROMOTION_ID, DEMO_PROMOTION_PAGES, promotionPageEntries } from '../content/seed-promotion-pages';
import { handleCommand } from '../core/command-handler';
import { Problem } from '../core/problem';
import type { EventStore } from '../../event-schemas/store/event-store';
import { createPromotion, promotionFacts } from '../promotions/create-promotion';

/** CONTRACT.md demo data: "a promotion". Fictional: an offer certificate after two treatments, open to every member. */
export const DEMO_PROMOTION = {
  id: DEMO_PROMOTION_ID,
  name: 'Season of Glow',
  promotionCode: 'GLOW-SEASON',
  category: { code: 'GLOW_OFFER', name: 'Season of Glow Offer Certificate' },
};

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Creates and publishes the demo promotion through its decider, so it is real events. The fixed id makes it
 * idempotent: a restart finds the stream and adds nothing, and two processes starting at once append it once (the
 * loser's expected revision fails, and its retry decides "already exists").
 */
export async function seedDemoPromotion(db: pg.Pool, store: EventStore, log: (line: string) => void, now = new Date()): Promise<boolean> {
  const { category } = DEMO_PROMOTION;
  await db.query('INSERT INTO certificate_categories (code, name, nullify_awards) VALUES ($1, $2, false) ON CONFLICT DO NOTHING', [category.code, category.name]);
  // A database made before these pages existed has run the content migration already, without them.
  for (const e of promotionPageEntries) {
    await db.query('INSERT INTO content_entries (id, content_type, fields) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [e.id, e.contentType, JSON.stringify(e.fields)]);
  }
  if ((await store.readStream(promotionStream(DEMO_PROMOTION.id), { maxCount: 1 })).length) return false;
  // Yesterday in UTC is never after today in the programme's time zone, so the promotion is open at once.
  const fromDate = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const facts = promotionFacts(DEMO_PROMOTION.id, {
    name: DEMO_PROMOTION.name,
    description: 'Complete two qualifying treatments this season and receive a $25 offer certificate toward your next visit.',
    promotionCode: DEMO_PROMOTION.promotionCode,
    fromDate,
    thruDate: addDays(fromDate, 365),
    certificateCategoryCode: category.code,
    website: {
      tileTitle: 'Season of Glow: a $25 offer after two treatments',
      pages: (['OVERVIEW', 'RULES', 'FAQ'] as const).map((page) => ({ page, contentEntryId: DEMO_PROMOTION_PAGES[page] })),
    },
  });
  try {
    await handleCommand(store, createPromotion, promotionStream(DEMO_PROMOTION.id), { facts, finalize: true }, { actor: { kind: 'system', job: 'demo-seed' }, correlationId: randomUUID(), now });
  } catch (error) {
    if (error instanceof Problem && error.slug === 'conflict') return false;
    throw error;
  }
  log('seeded demo promotion');
  return true;
}
