import type pg from 'pg';
import type { EventStore } from '../event-schemas/store/event-store';
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
  maxWaitMs = 120_000,
): Promise<number> {
  const total = await store.countAll?.();
  await resetProjection(pool, projection);
  let applied = 0;
  onProgress({ projection: projection.name, applied, total });
  // An open transaction anywhere in the cluster hides later events from the reader for a while, so a pass that finds
  // nothing more is not proof of the end: keep going until every event the log held at the start is applied.
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    await catchUp(pool, store, projection, batchSize, (n) => {
      applied += n;
      onProgress({ projection: projection.name, applied, total });
    });
    if (total === undefined || applied >= total || Date.now() > deadline) return applied;
    await new Promise((r) => setTimeout(r, 100));
  }
}
