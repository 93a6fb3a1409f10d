import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EventStore } from '../event-schemas/store/event-store';
import type { Projection } from './projection';
import { catchUpGroup, readCheckpoint } from './runner';

export interface RebuildProgress {
  /** The read models being rebuilt, joined with ', '. */
  projection: string;
  applied: number;
  total: number | undefined;
  /** Events replayed per second so far. */
  eventsPerSecond: number;
}

export interface RebuildResult {
  applied: number;
  seconds: number;
  eventsPerSecond: number;
}

const LIVE_TABLE = 'member_live_messages';
const CHECKPOINTS = 'projection_checkpoints';

/**
 * Rebuilds read models from position 0 with no gap for readers: the log is replayed (one shared pass for all of them)
 * into shadow copies of their tables in a schema of their own, and the copies replace the live rows in one
 * transaction. Until that commit readers see the old read model, after it the rebuilt one, never a half-built one.
 * Replay batches commit on their own (no long transaction stalls the log's readers); only the swap holds locks.
 */
export async function rebuildReadModels(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 2000,
  maxWaitMs = 120_000,
): Promise<RebuildResult> {
  const label = projections.map((p) => p.name).join(', ');
  const total = await store.countAll?.();
  const base = (await pool.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
  const shadow = `rebuild_${randomBytes(5).toString('hex')}`;
  const tables = [...new Set(projections.flatMap((p) => p.tables))];
  await pool.query(
    [`CREATE SCHEMA ${shadow}`, ...[...tables, LIVE_TABLE, CHECKPOINTS].map((t) => `CREATE TABLE ${shadow}.${t} (LIKE ${base}.${t} INCLUDING ALL)`)].join(';\n'),
  );
  // Unqualified names resolve to the shadow tables first: the projections write there unchanged, and still read
  // anything else (participants, settings) from the live schema.
  const shadowPool = new pg.Pool({ ...pool.options, max: 2, options: `-c search_path=${shadow},${base}` });
  shadowPool.on('error', () => undefined);
  const started = performance.now();
  let applied = 0;
  const rate = () => applied / Math.max(0.001, (performance.now() - started) / 1000);
  const report = () => onProgress({ projection: label, applied, total, eventsPerSecond: Math.round(rate()) });
  const replay = () =>
    catchUpGroup(shadowPool, store, projections, batchSize, (n) => {
      applied += n;
      report();
    }, { notify: false });
  try {
    report();
    // An open transaction anywhere in the cluster hides later events from the reader for a while, so a pass that
    // finds nothing more is not proof of the end: keep going until every event the log held at the start is applied.
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      await replay();
      if (total === undefined || applied >= total || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await swapIn(pool, base, shadow, tables, projections, async (live) => {
      // The live checkpoints are locked (the daemon waits): replay the tail they reached, so the swap never moves a
      // read model back behind what readers were already shown.
      while (!(await reached(shadowPool, projections, live))) {
        if ((await replay()) === 0) await new Promise((r) => setTimeout(r, 20));
      }
    });
    return { applied, seconds: (performance.now() - started) / 1000, eventsPerSecond: Math.round(rate()) };
  } finally {
    await shadowPool.end();
    await pool.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
  }
}

/** Rebuilds one read model (see rebuildReadModels); answers how many events were replayed. */
export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 1000,
  maxWaitMs = 120_000,
): Promise<number> {
  return (await rebuildReadModels(pool, store, [projection], onProgress, batchSize, maxWaitMs)).applied;
}

type Positions = Map<string, bigint[]>;

async function reached(shadowPool: pg.Pool, projections: Projection[], live: Positions): Promise<boolean> {
  for (const p of projections) {
    const c = await readCheckpoint(shadowPool, p.name);
    const target = live.get(p.name) ?? [0n, 0n];
    const mine = c.position === 'start' ? [0n, 0n] : [c.position.major, c.position.minor];
    if (mine[0] < target[0] || (mine[0] === target[0] && mine[1] < target[1])) return false;
  }
  return true;
}

/**
 * One transaction: lock the live checkpoints (the runner applies nothing to these read models meanwhile), let the
 * shadow catch up to them, then replace the live rows, live messages and checkpoints with the shadow's.
 */
async function swapIn(pool: pg.Pool, base: string, shadow: string, tables: string[], projections: Projection[], catchUpTo: (live: Positions) => Promise<void>): Promise<void> {
  const names = projections.map((p) => p.name);
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query(`INSERT INTO ${base}.${CHECKPOINTS} (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [names]);
    const locked = await db.query<{ name: string; position_major: string; position_minor: string }>(
      `SELECT name, position_major, position_minor FROM ${base}.${CHECKPOINTS} WHERE name = ANY($1) ORDER BY name FOR UPDATE`,
      [names],
    );
    await catchUpTo(new Map(locked.rows.map((r) => [r.name, [BigInt(r.position_major), BigInt(r.position_minor)]])));
    for (const t of tables) await db.query(`DELETE FROM ${base}.${t}; INSERT INTO ${base}.${t} SELECT * FROM ${shadow}.${t}`);
    const kinds = projections.flatMap((p) => p.liveKinds);
    await db.query(`DELETE FROM ${base}.${LIVE_TABLE} WHERE kind = ANY($1)`, [kinds]);
    // Messages the live window already pruned stay pruned (a reconnect from before it gets a snapshot anyway).
    await db.query(
      `INSERT INTO ${base}.${LIVE_TABLE} SELECT s.* FROM ${shadow}.${LIVE_TABLE} s, ${base}.member_live_horizon h
       WHERE (s.position_major, s.position_minor) > (h.position_major, h.position_minor) ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `UPDATE ${base}.${CHECKPOINTS} c SET position_major = s.position_major, position_minor = s.position_minor, events_applied = s.events_applied, updated_at = now()
       FROM ${shadow}.${CHECKPOINTS} s WHERE c.name = s.name AND c.name = ANY($1)`,
      [names],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}
