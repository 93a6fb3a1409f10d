import type pg from 'pg';
import type { Projection } from './projection';

/*
 * The end of a rebuild (rebuild.ts): the shadow tables, replayed and caught up, replace the live read models' rows in one
 * transaction, by difference beside a running server, or emptied and refilled with their indexes built after when
 * nobody reads (the synthetic seed).
 */

export const CHECKPOINTS = 'projection_checkpoints';
const HORIZON = 'member_live_horizon';

/** Where each read model's live checkpoint stands (major, minor), locked by the swap. */
export type Positions = Map<string, bigint[]>;

/**
 * One transaction: lock the live checkpoints (the runner applies nothing to these read models meanwhile), let the
 * shadow catch up to them, then replace the live rows and checkpoints with the shadow's and move the replay horizon.
 */
export async function swapIn(
  pool: pg.Pool,
  base: string,
  shadow: string,
  tables: string[],
  projections: Projection[],
  options: SwapOptions,
  catchUpTo: (live: Positions) => Promise<void>,
): Promise<void> {
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
    // The differences are found by hash joins over whole tables: with the default work_mem they spill to disk.
    await db.query(`SET LOCAL work_mem = '${SWAP_WORK_MEM}'`);
    for (const [i, t] of tables.entries()) {
      options.onStep?.(`swap in ${t} (${i + 1} of ${tables.length})`);
      if (options.nobodyReads) await withIndexesBuiltAfter(db, `${base}.${t}`, () => replaceAllRows(db, base, shadow, t));
      else await replaceRows(db, base, shadow, t);
    }
    // Reconnects from before where the rebuilt read models now stand get a snapshot of them (see rebuildReadModels in rebuild.ts).
    // The least of their positions: every message after it is one the daemon writes from the rebuilt read models.
    await db.query(
      `UPDATE ${base}.${HORIZON} h SET (position_major, position_minor) = (s.position_major, s.position_minor)
       FROM (SELECT position_major, position_minor FROM ${shadow}.${CHECKPOINTS} WHERE name = ANY($1)
             ORDER BY position_major, position_minor LIMIT 1) s
       WHERE (s.position_major, s.position_minor) > (h.position_major, h.position_minor)`,
      [names],
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

/** Enough for the swap's hash joins over every row of a table to stay in memory (100,000 events need about 40 MB). */
const SWAP_WORK_MEM = '256MB';

/** Columns a rebuild writes anew with now(): a row differing only there is the same row. */
const VOLATILE = new Set(['created_at', 'updated_at']);

/**
 * Makes the live table's rows those of its shadow copy by difference: rows the shadow lacks are deleted, new ones
 * inserted, changed ones updated, and the (usually many) equal rows are left alone, which makes the swap much cheaper
 * than emptying and refilling indexed tables. Shadow rows are matched to live ones by primary key in one hash join
 * (the swap raises work_mem so it stays in memory) and only matched rows' values are compared. Probing the primary
 * key once per shadow row was slowest; EXCEPT over whole rows, hashing every jsonb, came next: at 100,000 events
 * (`npm run bench rebuild`) the insert of 177,000 live messages (replayed then) took 696 ms that way and 433 ms this way.
 */
async function replaceRows(db: pg.PoolClient, base: string, shadow: string, table: string): Promise<void> {
  const cols = await db.query<{ name: string; key: boolean }>(
    `SELECT a.attname AS name, coalesce(a.attnum = ANY(i.indkey), false) AS key
     FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [`${base}.${table}`],
  );
  const quote = (c: string) => `"${c}"`;
  const keys = cols.rows.filter((c) => c.key).map((c) => quote(c.name));
  if (keys.length === 0) throw new Error(`${table} has no primary key: a rebuild cannot swap it in by difference`);
  const values = cols.rows.filter((c) => !c.key && !VOLATILE.has(c.name)).map((c) => quote(c.name));
  const match = (a: string, b: string) => keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  // Keys alone, so EXCEPT hashes no values; NOT EXISTS planned worse here, the shadow tables having no statistics.
  await db.query(
    `DELETE FROM ${base}.${table} b USING (SELECT ${keys.join(', ')} FROM ${base}.${table}
       EXCEPT SELECT ${keys.join(', ')} FROM ${shadow}.${table}) gone
     WHERE ${match('b', 'gone')}`,
  );
  // A shadow row with no live row of its key is new; one whose values differ (NULLs compared as equal) changed.
  const changed = values.length === 0 ? '' : ` OR (${values.map((v) => `o.${v}`).join(', ')}) IS DISTINCT FROM (${values.map((v) => `s.${v}`).join(', ')})`;
  const onConflict = values.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${values.map((v) => `${v} = EXCLUDED.${v}`).join(', ')}`;
  await db.query(
    `INSERT INTO ${base}.${table} AS b
     SELECT s.* FROM ${shadow}.${table} s LEFT JOIN ${base}.${table} o ON ${match('o', 's')}
     WHERE (o.${keys[0]} IS NULL${changed})
     ON CONFLICT (${keys.join(', ')}) ${onConflict}`,
  );
}

/**
 * Makes the live table's rows its shadow's by emptying it and copying every shadow row in: a swap nobody reads during
 * (SwapOptions.nobodyReads: the synthetic seed's). replaceRows's difference costs a pass over every key of both tables
 * and a conflict check per row, and there every row is new anyway: the live tables hold the demo's few rows at most.
 * Rows equal to live ones are written again, so columns a projection fills with now() take the rebuild's time.
 */
async function replaceAllRows(db: pg.PoolClient, base: string, shadow: string, table: string): Promise<void> {
  await db.query(`TRUNCATE ${base}.${table}`);
  await db.query(`INSERT INTO ${base}.${table} SELECT * FROM ${shadow}.${table}`);
}

/** How a rebuild swaps its tables in. */
export interface SwapOptions {
  /**
   * Nobody reads the read models while the swap runs (the synthetic seed: it refuses to run beside a server). Each live
   * table's indexes are then dropped before its rows are replaced and built again after: one sort an index
   * instead of an insert into each for every row, which is most of a swap into nearly empty tables. Its rows are
   * replaced whole (replaceAllRows), not by difference. Both lock the table against readers until the swap commits,
   * so a rebuild beside a running server keeps its indexes and swaps by difference.
   */
  nobodyReads?: boolean;
  /**
   * Called as each step after the replay begins (held totals written, each table swapped in): at a million members
   * they take minutes, which a progress bar of the replay alone left silent.
   */
  onStep?: (step: string) => void;
}

/**
 * Runs `change` on `table` with none of its indexes, then builds them again (each with one sort), all inside the
 * caller's transaction: for a change that empties the table and fills it anew (replaceAllRows), nothing needs an index
 * meanwhile, not even the primary key's. Keys and unique constraints are dropped and added back as constraints, under
 * their own names; other indexes from their definitions. The sorts get more memory than PostgreSQL's default 64 MB.
 */
async function withIndexesBuiltAfter(db: pg.PoolClient, table: string, change: () => Promise<void>): Promise<void> {
  const constraints = await db.query<{ name: string; definition: string }>(
    `SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u')`,
    [table],
  );
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
     WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [table],
  );
  for (const c of constraints.rows) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${c.name}`);
  for (const index of indexes.rows) await db.query(`DROP INDEX ${index.name}`);
  await change();
  await db.query(`SET LOCAL maintenance_work_mem = '${SWAP_WORK_MEM}'`);
  for (const c of constraints.rows) await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${c.name} ${c.definition}`);
  for (const index of indexes.rows) await db.query(index.definition);
}
