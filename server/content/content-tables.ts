import type { Migration } from '../../projections/migrations/migration';

/**
 * Content entries are configuration (DESIGN.md "Write side"): a plain table edited by admins, each change written to
 * config_audit. The sample copy (written for this project: no real product's prescribing or safety text) is demo data,
 * seeded by the embedded default (server/seed/demo-content.ts), never by a migration.
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
];
