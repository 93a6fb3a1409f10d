import type pg from 'pg';
import { emailTemplateEntries } from '../content/seed-email-templates';
import { seedEntries, type SeedEntry } from '../content/seed-entries';
import { giftCardArtSeedSql } from '../content/seed-gift-card-art';
import { insertDemoPractices, insertRegionalDemoPractices } from '../specialists/demo-practices';
import { seedOnce } from './seed-once';

/** Inserts the sample entries a database does not have yet; an admin's edits to existing entries are kept. */
async function insertMissing(db: pg.PoolClient, entries: readonly SeedEntry[]): Promise<void> {
  for (const e of entries) {
    await db.query('INSERT INTO content_entries (id, content_type, fields) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      e.id,
      e.contentType,
      JSON.stringify(e.fields),
    ]);
  }
}

/**
 * The embedded default's sample content and demo practices, each batch once per database (server/seed/seed-once.ts).
 * They were migrations once (0601, 0602, 0603, 0701, and the practices of 0610); a configured DATABASE_URL gets none
 * of them now.
 */
export async function seedDemoContent(db: pg.Pool, log: (line: string) => void): Promise<void> {
  if (await seedOnce(db, 'content-samples', (c) => insertMissing(c, seedEntries))) log('seeded sample content');
  if (await seedOnce(db, 'content-email-templates', (c) => insertMissing(c, emailTemplateEntries))) log('seeded sample e-mail templates');
  if (await seedOnce(db, 'gift-card-art', (c) => c.query(giftCardArtSeedSql()).then(() => undefined))) log('seeded gift card art');
  if (await seedOnce(db, 'specialist-practices', insertDemoPractices)) log('seeded demo specialist practices');
  if (await seedOnce(db, 'specialist-practices-every-area', insertRegionalDemoPractices)) log('seeded a demo specialist practice in every ZIP area');
}
