import type pg from 'pg';
import type { EventStore } from '../server/ports/event-store';
import type { Projection } from './projection';
import { catchUp, resetProjection } from './runner';

export interface RebuildProgress {
  projection: string;
  applied: number;
  total: number | undefined;
}

/**
 * Rebuilds one read model from position 0: empty its tables and checkpoint, then replay the log in batches. Each
 * batch commits on its own, so the rebuild never holds a long transaction that would stall event-log readers.
 */
export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 1000,
): Promise<number> {
  const total = await store.countAll?.();
  await resetProjection(pool, projection);
  let applied = 0;
  onProgress({ projection: projection.name, applied, total });
  await catchUp(pool, store, projection, batchSize, (n) => {
    applied += n;
    onProgress({ projection: projection.name, applied, total });
  });
  return applied;
}
