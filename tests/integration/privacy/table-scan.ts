import type pg from 'pg';

/**
 * For each needle, the tables of the database (every one in the public schema, the event log included) holding it
 * anywhere in a row: each row is read whole as text, so no column can be forgotten. Case-insensitive.
 */
export async function tablesHolding(pool: pg.Pool, needles: string[]): Promise<Record<string, string[]>> {
  const tables = await pool.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const found: Record<string, string[]> = Object.fromEntries(needles.map((n) => [n, []]));
  for (const { name } of tables.rows) {
    const r = await pool.query<{ hits: boolean[] }>(
      `SELECT array_agg(EXISTS (SELECT 1 FROM "${name.replace(/"/g, '""')}" t WHERE strpos(lower(t::text), lower(n)) > 0) ORDER BY i) AS hits
         FROM unnest($1::text[]) WITH ORDINALITY AS x(n, i)`,
      [needles],
    );
    r.rows[0].hits.forEach((hit, i) => hit && found[needles[i]].push(name));
  }
  return found;
}
