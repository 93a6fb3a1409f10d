import type { Migration } from '../../projections/migrations/migration';
import { emailTemplateEntries } from './seed-email-templates';
import { seedEntries, type SeedEntry } from './seed-entries';

const literal = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** Inserts the sample entries a database does not have yet; an admin's edits to existing entries are kept. */
const insertMissingSamples = (entries: SeedEntry[] = seedEntries) =>
  entries.map((e) => `INSERT INTO content_entries (id, content_type, fields) VALUES (${text(e.id)}, ${text(e.contentType)}, ${literal(e.fields)}) ON CONFLICT (id) DO NOTHING;`).join('\n');

/**
 * Content entries are configuration (DESIGN.md "Write side"): a plain table edited by admins, each change written to
 * config_audit. The sample copy is written for this project: it is no real product's prescribing or safety text.
 */
export const contentMigrations: Migration[] = [
  {
    id: '0600-content-entries',
    sql: `
      CREATE TABLE content_entries (
        id text PRIMARY KEY,
        content_type text NOT NULL,
        fields jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX content_entries_type ON content_entries (content_type);
    `,
  },
  {
    id: '0601-content-sample-entries',
    sql: insertMissingSamples(),
  },
  // A database made before gift card art groups, promotion pages and campaign copy existed gets them here.
  { id: '0602-content-sample-entries-2', sql: insertMissingSamples() },
  // ...and one made before campaign e-mail templates existed gets the demo campaign's here: only those, so a sample
  // page an admin has deleted since does not come back.
  { id: '0603-content-sample-email-templates', sql: insertMissingSamples(emailTemplateEntries) },
];
