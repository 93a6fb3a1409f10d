import type pg from 'pg';

/**
 * Every row of each table, in a total order (every column, json by its text, since json has no ordering of its own),
 * leaving out the columns in `leaveOut`: what a rebuild must reproduce of what the live runner wrote.
 */
export async function tableRows(pool: pg.Pool, tables: string[], leaveOut: ReadonlySet<string> = new Set()): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [...new Set(tables)].sort()) {
    const cols = await pool.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
      [table],
    );
    const kept = cols.rows.filter((c) => !leaveOut.has(c.column_name));
    const list = kept.map((c) => `"${c.column_name}"`).join(', ');
    const order = kept.map((c) => `"${c.column_name}"${c.data_type === 'json' ? '::text' : ''}`).join(', ');
    out[table] = (await pool.query(`SELECT ${list} FROM ${table} ORDER BY ${order}`)).rows;
  }
  return out;
}
