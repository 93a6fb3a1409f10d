import type pg from 'pg';
import type { StoredEvent } from '../../event-schemas/store/event-store';
import { keyringFor } from '../../server/privacy/sealing/member-keys';
import { opened, sealed } from '../../server/privacy/sealing/sealing-store';

const WARM = 2_000;
const RUNS = 20_000;

/**
 * What sealing costs one award, in microseconds of the server's thread: sealing its event once as it is appended and
 * opening it once as the read models' shared read takes it (server/privacy/sealing/sealing-store.ts), timed on an
 * award the bench itself stored. Measured in the bench's process after its phase, so it is set against the server's
 * CPU per award of the same run.
 */
export async function sealingMicrosecondsPerAward(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ event_id: string; type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
    `SELECT event_id, type, data, metadata FROM es_events WHERE type = 'PointsAwarded' AND data ? '$sealed' ORDER BY global_position DESC LIMIT 1`,
  );
  const row = r.rows[0];
  if (!row) throw new Error('the bench stored no sealed award');
  const keyring = keyringFor(pool);
  const by = (row.data.$sealed as { by: number }).by;
  await keyring.load([by]);
  const key = keyring.cached(by);
  if (!key) throw new Error('no key for the bench member');
  const stored: StoredEvent = {
    eventId: row.event_id,
    streamName: 'bench',
    revision: 0,
    position: { major: 0n, minor: 0n },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(),
  };
  const appended = { eventId: row.event_id, type: row.type, data: opened(stored, keyring).data, metadata: row.metadata };
  const once = () => opened({ ...stored, data: sealed(appended, key).data }, keyring);
  for (let i = 0; i < WARM; i++) once();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) once();
  return ((performance.now() - started) * 1000) / RUNS;
}
