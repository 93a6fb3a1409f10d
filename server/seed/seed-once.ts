import type pg from 'pg';

/**
 * Runs a batch of demo data once per database: the batch's mark and its rows commit together, and a second process
 * seeding at the same moment waits on the mark's row and then finds it there. A batch an admin has since changed or
 * deleted rows of is never run again.
 */
export async function seedOnce(db: pg.Pool, batch: string, run: (client: pg.PoolClient) => Promise<void>): Promise<boolean> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const marked = await client.query('INSERT INTO seed_marks (batch) VALUES ($1) ON CONFLICT DO NOTHING RETURNING batch', [batch]);
    if (!marked.rowCount) {
      await client.query('ROLLBACK');
      return false;
    }
    await run(client);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
