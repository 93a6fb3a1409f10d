import type pg from 'pg';
import { inTransaction } from './in-transaction';
import type { Projection } from './projection';

/*
 * The end of a rebuild (rebuild.ts): the shadow tables, replayed and caught up, replace the live read models' rows in one
 * transaction, each shadow table moved into its live table's place.
 */

export const CHECKPOINTS = 'projection_checkpoints';
const HORIZON = 'member_live_horizon';

/** Where each read model's live checkpoint stands (major, minor), locked by the swap. */
export type Positions = Map<string, bigint[]>;

/**
 * One transaction: lock the live checkpoints (the runner applies nothing to these read models meanwhile), let the
 * shadow catch up to them, then put the shadow tables in the live ones' places and move the checkpoints and the replay
 * horizon. The tables are locked against readers only for the moves, all at once: a reader still holding one (or one
 * deadlocked with the swap, reading two read models in one transaction) makes the swap let go and try again, rather
 * than have every later reader queue behind it.
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, (db) => swapTables(db, { base, shadow, tables, names, onStep: options.onStep, catchUpTo }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= SWAP_ATTEMPTS || (code !== LOCK_NOT_AVAILABLE && code !== DEADLOCK_DETECTED)) throw error;
      options.onStep?.(`the read models are in use: swap again (attempt ${attempt + 1} of ${SWAP_ATTEMPTS})`);
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** How long the swap waits for readers to let go of the live tables before it lets go itself and tries again. */
const READERS_WAIT = '2s';
const SWAP_ATTEMPTS = 20;
const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK_DETECTED = '40P01';

/** What one attempt of swapIn works on. */
interface SwapAttempt extends Pick<SwapOptions, 'onStep'> {
  base: string;
  shadow: string;
  tables: string[];
  /** The read models' names (their checkpoints). */
  names: string[];
  catchUpTo: (live: Positions) => Promise<void>;
}

/** One attempt of swapIn, in the caller's transaction. */
async function swapTables(db: pg.PoolClient, { base, shadow, tables, names, onStep, catchUpTo }: SwapAttempt): Promise<void> {
  await db.query(`INSERT INTO ${base}.${CHECKPOINTS} (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [names]);
  const locked = await db.query<{ name: string; position_major: string; position_minor: string }>(
    `SELECT name, position_major, position_minor FROM ${base}.${CHECKPOINTS} WHERE name = ANY($1) ORDER BY name FOR UPDATE`,
    [names],
  );
  await catchUpTo(new Map(locked.rows.map((r) => [r.name, [BigInt(r.position_major), BigInt(r.position_minor)]])));
  // Each shadow table, its indexes built and its statistics taken (ShadowPreparation), takes its live table's
  // place: readers wait for as long as the moves take, not for a copy of every row.
  await db.query(`SET LOCAL lock_timeout = '${READERS_WAIT}'`);
  if (tables.length > 0) {
    await db.query(`LOCK TABLE ${tables.map((t) => `${base}.${t}`).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    onStep?.(`swap in ${tables.join(', ')}`);
    await moveInPlace(db, base, shadow, tables);
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
}

/** More memory for the index builds' sorts than PostgreSQL's default 64 MB. */
const SWAP_WORK_MEM = '256MB';

/**
 * Before the swap, outside its locks: each shadow table gets the keys and indexes of its live table, under the live
 * names (the replay went without the indexes only readers use: see rebuild.ts), and statistics, so the swap only moves
 * tables and the first queries on the rebuilt read models are planned as well as on the old ones. Readers meanwhile
 * still read the live tables.
 *
 * Tables are handed in as their read models finish replaying (`add`), and prepared two at a time while the slower
 * ones still replay: a read model's last writes (a report's held totals) and another's index builds overlap, where
 * every index build waited for the last read model's last write before. A table written after it was prepared (the
 * swap's catch-up) only keeps its indexes up to date as it is written.
 */
export class ShadowPreparation {
  private readonly queue: string[] = [];
  private readonly handedIn = new Set<string>();
  private readonly workers: Promise<void>[] = [];
  private running = 0;
  private failure: unknown;

  constructor(
    private readonly pool: pg.Pool,
    private readonly base: string,
    private readonly shadow: string,
    private readonly total: number,
    private readonly onStep?: (step: string) => void,
  ) {}

  /** Queues tables to prepare (each once, whoever hands it in) and starts a worker if one is free. */
  add(tables: string[]): void {
    for (const t of tables)
      if (!this.handedIn.has(t)) {
        this.handedIn.add(t);
        this.queue.push(t);
      }
    while (this.running < PREPARING_CONNECTIONS && this.queue.length > 0) {
      this.running++;
      // A failure is kept for `finish` to throw: a worker nobody awaits yet must not reject unhandled.
      this.workers.push(this.work().catch((error: unknown) => void (this.failure ??= error)));
    }
  }

  /** Queues the tables not handed in yet, and answers once every table is prepared (or throws a failure). */
  async finish(tables: string[]): Promise<void> {
    this.add(tables);
    await Promise.all(this.workers);
    if (this.failure !== undefined) throw this.failure;
  }

  /** Stops taking tables and answers once no worker holds a connection (a rebuild that failed, before it cleans up). */
  async abandon(): Promise<void> {
    this.queue.length = 0;
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    let db: pg.PoolClient | undefined;
    try {
      db = await this.pool.connect();
      await db.query(`SET maintenance_work_mem = '${SWAP_WORK_MEM}'`);
      for (let t = this.queue.shift(); t !== undefined && this.failure === undefined; t = this.queue.shift()) {
        this.onStep?.(`index ${t} (${this.handedIn.size - this.queue.length} of ${this.total})`);
        const [live, shadowTable] = [`${this.base}.${t}`, `${this.shadow}.${t}`];
        const lists = await keysAndIndexesOf(db, [live, shadowTable]);
        await matchKeysAndIndexes(db, lists.get(live)!, shadowTable, lists.get(shadowTable)!);
        await matchStatisticsTargets(db, `${this.base}.${t}`, `${this.shadow}.${t}`);
        await db.query(`ANALYZE ${this.shadow}.${t}`);
      }
    } finally {
      // It takes no more tables from the moment it found the queue empty (or failed), not once its connection is
      // back: a table handed in while it lets go starts a worker of its own. Counted until then, such a table waited
      // with no worker to take it, and the swap went ahead without its indexes and statistics.
      this.running--;
      if (db) {
        await db.query('RESET maintenance_work_mem').catch(() => undefined);
        db.release();
      }
    }
  }
}

/**
 * Gives `table`'s columns the statistics targets `model`'s have (CREATE TABLE ... LIKE copies none of them): a column
 * a migration left without statistics (SET STATISTICS 0) is not sampled in the ANALYZE before the swap either.
 */
async function matchStatisticsTargets(db: pg.PoolClient, model: string, table: string): Promise<void> {
  const set = await db.query<{ sql: string }>(
    `SELECT format('ALTER TABLE %s ALTER COLUMN %I SET STATISTICS %s', $2::text, attname, attstattarget) AS sql
     FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0`,
    [model, table],
  );
  if (set.rows.length > 0) await db.query(set.rows.map((r) => r.sql).join(';\n'));
}

/** Index builds and ANALYZEs at a time: one on each core of a 2-core machine. */
export const PREPARING_CONNECTIONS = 2;

/**
 * Puts the shadow tables where the live ones were: the live tables are dropped and the shadow ones moved into their
 * schema, so no row is copied. Their keys and indexes are the live tables' already (ShadowPreparation); should a live
 * table have changed since (a migration meanwhile), they are made to match here. Read models hold no foreign keys,
 * views, triggers or owned sequences that dropping a live table would take with it. Rows the replay updated leave dead
 * versions in the moved tables, as updates do in any live table, for vacuum to reclaim. All the tables move in three
 * round trips, however many there are (table by table it was four each): readers wait for the swap.
 */
async function moveInPlace(db: pg.PoolClient, base: string, shadow: string, tables: string[]): Promise<void> {
  const live = tables.map((t) => `${base}.${t}`);
  const wanted = await keysAndIndexesOf(db, live);
  await db.query([`DROP TABLE ${live.join(', ')}`, ...tables.map((t) => `ALTER TABLE ${shadow}.${t} SET SCHEMA ${base}`)].join(';\n'));
  const present = await keysAndIndexesOf(db, live);
  for (const t of live) await matchKeysAndIndexes(db, wanted.get(t)!, t, present.get(t)!);
}

/** A table's primary key or unique constraint, or another index. */
interface KeyOrIndex {
  constraint: boolean;
  /** Quoted where it needs to be. */
  name: string;
  /** A constraint's definition (no name in it); an index's CREATE INDEX up to its table, and what follows it. */
  create: string;
  body: string;
}

/**
 * Gives `table` (whose keys and indexes are `present`) the keys and indexes `wanted` (another table's), under their names:
 * equal ones are renamed if need be, missing ones built, others dropped.
 */
async function matchKeysAndIndexes(db: pg.PoolClient, wanted: KeyOrIndex[], table: string, present: KeyOrIndex[]): Promise<void> {
  const unmatched = new Set(present);
  for (const w of wanted) {
    const match = [...unmatched].find((p) => p.constraint === w.constraint && p.create === w.create && p.body === w.body);
    if (match) {
      unmatched.delete(match);
      if (match.name === w.name) continue;
      await db.query(
        w.constraint ? `ALTER TABLE ${table} RENAME CONSTRAINT ${match.name} TO ${w.name}` : `ALTER INDEX ${schemaOf(table)}.${match.name} RENAME TO ${w.name}`,
      );
    } else await db.query(w.constraint ? `ALTER TABLE ${table} ADD CONSTRAINT ${w.name} ${w.body}` : `${w.create} ${w.name} ON ${table} ${w.body}`);
  }
  for (const p of unmatched) await db.query(p.constraint ? `ALTER TABLE ${table} DROP CONSTRAINT ${p.name}` : `DROP INDEX ${schemaOf(table)}.${p.name}`);
}

const schemaOf = (qualified: string) => qualified.slice(0, qualified.indexOf('.'));

/** `CREATE [UNIQUE] INDEX name ON schema.table USING …` as pg_get_indexdef writes it. */
const INDEX_DEFINITION = /^(CREATE (?:UNIQUE )?INDEX) \S+ ON \S+ (USING .*)$/s;

/** The keys and indexes of each of `tables` (schema-qualified names), in one read of the catalog. */
async function keysAndIndexesOf(db: pg.PoolClient, tables: string[]): Promise<Map<string, KeyOrIndex[]>> {
  const r = await db.query<{ table: string; constraint: boolean; name: string; definition: string }>(
    `WITH t AS (SELECT name AS "table", name::regclass AS oid FROM unnest($1::text[]) AS name)
     SELECT t."table", true AS constraint, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
     FROM t JOIN pg_constraint k ON k.conrelid = t.oid WHERE k.contype IN ('p', 'u')
     UNION ALL
     SELECT t."table", false, quote_ident(c.relname), pg_get_indexdef(i.indexrelid)
     FROM t JOIN pg_index i ON i.indrelid = t.oid JOIN pg_class c ON c.oid = i.indexrelid
     WHERE NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
     ORDER BY 1, 2 DESC, 3`,
    [tables],
  );
  const lists = new Map<string, KeyOrIndex[]>(tables.map((t) => [t, []]));
  for (const { table, constraint, name, definition } of r.rows) {
    if (constraint) {
      lists.get(table)!.push({ constraint, name, create: '', body: definition });
      continue;
    }
    const parts = INDEX_DEFINITION.exec(definition);
    if (!parts) throw new Error(`cannot read the definition of index ${name} of ${table}: ${definition}`);
    lists.get(table)!.push({ constraint, name, create: parts[1], body: parts[2] });
  }
  return lists;
}

/** How a rebuild swaps its tables in. */
export interface SwapOptions {
  /**
   * Called as each step after the replay begins (held totals written, each table swapped in): at a million members
   * they take minutes, which a progress bar of the replay alone left silent.
   */
  onStep?: (step: string) => void;
}
