import type pg from 'pg';
import type { Position } from '../../event-schemas/store/position';

/**
 * The position of the newest committed event in the PostgreSQL log, whatever is still open elsewhere. The store's
 * headPosition() is the newest *readable* one: a transaction open anywhere in the cluster (a projection batch, another
 * test file) holds it back, so "a process passed headPosition()" can come before it has seen what was just appended.
 */
export async function committedHead(pool: pg.Pool): Promise<Position | undefined> {
  // Ordered by the xid8 column itself, not by its text (the output column of that name), or '996' > '1532'.
  const r = await pool.query<{ transaction_id: string; global_position: string }>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM es_events ORDER BY es_events.transaction_id DESC, es_events.global_position DESC LIMIT 1',
  );
  return r.rowCount ? { major: BigInt(r.rows[0].transaction_id), minor: BigInt(r.rows[0].global_position) } : undefined;
}
