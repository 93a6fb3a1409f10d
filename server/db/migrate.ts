import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../../projections/migrations/migration';

/** The fingerprint of a migration's SQL text, recorded when it is applied. */
export const checksumOf = (m: Migration): string => createHash('sha256').update(m.sql).digest('hex');

export class MigrationChanged extends Error {}

/**
 * Applies pending migrations under an advisory lock, so several server processes can start at once. Each migration is
 * fixed SQL text: its checksum is recorded when applied, and a start whose shipped migration no longer matches what the
 * database ran stops with an error naming it (a changed migration would leave databases that ran the old text and
 * databases that run the new one different). Rows applied before checksums existed get theirs recorded once.
 */
export async function migrate(pool: pg.Pool, migrations: Migration[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`two migrations share the id ${m.id}`);
    ids.add(m.id);
  }
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const done = new Map(
      (await client.query<{ id: string; checksum: string | null }>('SELECT id, checksum FROM schema_migrations')).rows.map((r) => [r.id, r.checksum]),
    );
    for (const m of migrations) {
      if (!done.has(m.id)) continue;
      const recorded = done.get(m.id);
      if (recorded === null) await client.query('UPDATE schema_migrations SET checksum = $2 WHERE id = $1', [m.id, checksumOf(m)]);
      else if (recorded !== checksumOf(m))
        throw new MigrationChanged(`migration ${m.id} has changed since this database applied it; ship a new migration instead of editing it`);
    }
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [m.id, checksumOf(m)]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.id} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return applied;
}
