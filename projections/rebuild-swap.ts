import type pg from 'pg';
import type { Projection } from './projection';

/*
 * The end of a rebuild (rebuild.ts): the shadow tables, replayed and caught up, replace the live read models' rows in one
 * transaction, by difference beside a running server, or moved into the live tables' places when nobody reads (the synthetic
 * seed).
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
      if (options.nobodyReads) await moveInPlace(db, base, shadow, t);
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
 * Puts the shadow table where the live one was: a swap nobody reads during (SwapOptions.nobodyReads: the synthetic
 * seed's). The live table is dropped and the shadow moved into its schema, so no row is copied. The shadow kept the keys
 * and unique indexes the replay wrote through (its other indexes were dropped for the replay, see rebuild.ts): those
 * the live table had under the same name and definition stay, built already; any other is dropped, and every key,
 * constraint and index of the live table that is missing is built again under its own name, each with one sort.
 * Read models hold no foreign keys, views, triggers or owned sequences that dropping the live table would take with it.
 * Rows the replay updated leave dead versions in the moved table, as in any live table, for vacuum to reclaim.
 */
async function moveInPlace(db: pg.PoolClient, base: string, shadow: string, table: string): Promise<void> {
  const live = await keysAndIndexes(db, `${base}.${table}`);
  await db.query(`DROP TABLE ${base}.${table}`);
  await db.query(`ALTER TABLE ${shadow}.${table} SET SCHEMA ${base}`);
  const moved = await keysAndIndexes(db, `${base}.${table}`);
  const same = (a: KeyOrIndex, list: KeyOrIndex[]) => list.some((b) => b.constraint === a.constraint && b.name === a.name && b.definition === a.definition);
  for (const m of moved.filter((m) => !same(m, live)))
    await db.query(m.constraint ? `ALTER TABLE ${base}.${table} DROP CONSTRAINT ${m.name}` : `DROP INDEX ${base}.${m.name}`);
  await db.query(`SET LOCAL maintenance_work_mem = '${SWAP_WORK_MEM}'`);
  for (const l of live.filter((l) => !same(l, moved)))
    await db.query(l.constraint ? `ALTER TABLE ${base}.${table} ADD CONSTRAINT ${l.name} ${l.definition}` : l.definition);
}

/** A table's primary key or unique constraint (its definition as a constraint), or another index (its CREATE INDEX). */
interface KeyOrIndex {
  constraint: boolean;
  /** Quoted where it needs to be. */
  name: string;
  definition: string;
}

async function keysAndIndexes(db: pg.PoolClient, table: string): Promise<KeyOrIndex[]> {
  const r = await db.query<KeyOrIndex>(
    `SELECT true AS constraint, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype IN ('p', 'u')
     UNION ALL
     SELECT false, quote_ident(c.relname), pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)`,
    [table],
  );
  return r.rows;
}

/** How a rebuild swaps its tables in. */
export interface SwapOptions {
  /**
   * Nobody reads the read models while the swap runs (the synthetic seed: it refuses to run beside a server). Each
   * shadow table then takes its live table's place (moveInPlace): no row is copied, and only the indexes the replay did
   * without are built, each with one sort. A rebuild beside a running server swaps by difference (replaceRows): its
   * readers' tables, indexes and plans stay, and the equal rows are left alone.
   */
  nobodyReads?: boolean;
  /**
   * Called as each step after the replay begins (held totals written, each table swapped in): at a million members
   * they take minutes, which a progress bar of the replay alone left silent.
   */
  onStep?: (step: string) => void;
}
