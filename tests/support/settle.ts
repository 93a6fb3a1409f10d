import type pg from 'pg';
import type { Projection } from '../../projections/projection';
import { catchUp, readCheckpoint } from '../../projections/runner';
import type { EventStore } from '../../event-schemas/store/event-store';

/**
 * Catches a projection up until its checkpoint has applied `expected` events (default: every event in the log).
 * Test files share one PostgreSQL cluster, and a transaction another file holds open hides later events from every
 * reader for a moment (the reader never skips a late commit), so a single pass may stop short of the end.
 */
export async function settle(pool: pg.Pool, store: EventStore, projection: Projection, options: { batch?: number; expected?: number } = {}): Promise<number> {
  const expected = options.expected ?? (await store.countAll!());
  const deadline = Date.now() + 60_000;
  let applied = 0;
  while ((await readCheckpoint(pool, projection.name)).eventsApplied < expected && Date.now() < deadline) {
    applied += await catchUp(pool, store, projection, options.batch ?? 500);
    await new Promise((r) => setTimeout(r, 20));
  }
  return applied;
}
