import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import type { Projection } from './projection';
import { comparePositions, type Position } from '../event-schemas/store/position';
import { applyGroupBatch, readCheckpoint, samePosition } from './runner';
import { inTransaction } from './in-transaction';

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
const HORIZON = 'member_live_horizon';
const CHECKPOINTS = 'projection_checkpoints';

/**
 * Rebuilds read models from position 0 with no gap for readers: the log is replayed (one shared pass for all of them)
 * into shadow copies of their tables in a schema of their own, and the copies replace the live rows in one
 * transaction. Until that commit readers see the old read model, after it the rebuilt one, never a half-built one.
 * Replay batches commit on their own (no long transaction stalls the log's readers); only the swap holds locks.
 *
 * Members' live messages are not replayed. The ones in the table describe the read model as it was, and a member
 * whose stream reconnects after the swap should see the rebuilt one: the swap moves the replay horizon (the pruning
 * job's, server/live/prune.ts) to where the rebuilt read models stand, so a reconnect from before it gets a fresh
 * snapshot, and the old messages go with the next pruning once they are older than the window. Replaying them was
 * a third of a rebuild's time (177,000 messages for 100,000 events, `npm run bench rebuild`) for rows no reconnect
 * could be given any more.
 */
export async function rebuildReadModels(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  batchSize = 5000,
  maxWaitMs = 120_000,
  swap: SwapOptions = {},
): Promise<RebuildResult> {
  const label = projections.map((p) => p.name).join(', ');
  const total = await store.countAll?.();
  const base = (await pool.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
  const shadow = `rebuild_${randomBytes(5).toString('hex')}`;
  const tables = [...new Set(projections.flatMap((p) => p.tables))];
  // The shadow has a live-message table too, though the replay writes none there: a stray write through the shadow
  // connections would otherwise fall through the search path to the live table.
  await pool.query(
    [`CREATE SCHEMA ${shadow}`, ...[...tables, LIVE_TABLE, CHECKPOINTS].map((t) => `CREATE TABLE ${shadow}.${t} (LIKE ${base}.${t} INCLUDING ALL)`)].join(
      ';\n',
    ),
  );
  // Projections write and look up by key (and ON CONFLICT needs the unique indexes); the other indexes serve readers
  // of the live tables only, so the shadow goes without them and the replay maintains fewer.
  const secondary = await pool.query<{ name: string }>(
    `SELECT i.indexrelid::regclass::text AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND NOT i.indisunique`,
    [shadow],
  );
  if (secondary.rows.length > 0) await pool.query(secondary.rows.map((r) => `DROP INDEX ${r.name}`).join(';\n'));
  // Unqualified names resolve to the shadow tables first: the projections write there unchanged, and still read
  // anything else (participants, settings) from the live schema.
  const shadowPool = new pg.Pool({ ...pool.options, max: projections.length + 1, options: `-c search_path=${shadow},${base}` });
  shadowPool.on('error', () => undefined);
  const started = performance.now();
  // Nobody reads the shadow tables, so each read model applies its batches on a connection of its own, side by side.
  // The log is read once, batch after batch (the next read under way while one is applied), and every read model
  // takes the same batches. A read model may run at most RUN_AHEAD batches before the slowest: in strict step each
  // batch waited for the slowest read model, and the machine idled a quarter of the time (`npm run bench rebuild`);
  // let loose, the fast ones raced ahead and the log between them and the slowest stayed in memory (decoded), and the
  // garbage collector took a quarter of the replay walking it.
  let applied = 0;
  const rate = () => applied / Math.max(0.001, (performance.now() - started) / 1000);
  const report = () => onProgress({ projection: label, applied, total, eventsPerSecond: Math.round(rate()) });
  const at = new Map<string, Position | 'start'>(projections.map((p) => [p.name, 'start']));
  const slowest = () => [...at.values()].reduce((a, b) => (a === 'start' || (b !== 'start' && comparePositions(a, b) <= 0) ? a : b));
  /** One pass: batches until the readable log is exhausted; answers how many events it applied. */
  const replay = async (): Promise<number> => {
    const batches = new SharedBatches(store, slowest(), batchSize);
    const done = new Map<string, number>(projections.map((p) => [p.name, -1]));
    let slowestDone = -1;
    let pass = 0;
    const steps = new Stepper();
    const run = async (p: Projection): Promise<void> => {
      try {
        // Its pass is over: the totals it held go to its shadow tables now, while the slower read models still apply
        // their last batches, not in the swap after every read model has finished (see finishRebuild).
        if ((await runFrom(p)) && p.finishRebuild) await inTransaction(shadowPool, (db) => p.finishRebuild!(db, shadow));
      } finally {
        // Done with the pass (or failed): it holds back nobody.
        done.set(p.name, Number.POSITIVE_INFINITY);
        steps.moved();
      }
    };
    /** Applies the pass's batches to one read model; answers whether it reached the pass's end (false: stopped). */
    const runFrom = async (p: Projection): Promise<boolean> => {
      for (let i = 0; ; i++) {
        if (!(await steps.until(() => slowestDone >= i - RUN_AHEAD))) return false;
        const events = await batches.get(i);
        if (events.length === 0) return true;
        // The next batch is read while this one is applied (at most RUN_AHEAD + 1 past the slowest read model).
        void batches.get(i + 1).catch(() => undefined);
        const was = at.get(p.name)!;
        const r = await applyGroupBatch(shadowPool, store, [p], batchSize, { from: was, read: events, notify: false, shadow: true, rebuild: shadow });
        at.set(p.name, r.position);
        done.set(p.name, i);
        // Batches every read model has applied count as replayed, and nobody needs them any more.
        const least = Math.min(...done.values(), i);
        for (; slowestDone < least; slowestDone++) {
          const size = batches.sizes.get(slowestDone + 1) ?? 0;
          pass += size;
          applied += size;
          batches.forget(slowestDone + 1);
        }
        report();
        steps.moved();
        // No step forward (only when a read model stood elsewhere than the pass began): a new pass starts from it.
        if (samePosition(r.position, was)) return true;
      }
    };
    try {
      await Promise.all(projections.map(run));
    } finally {
      steps.close();
    }
    return pass;
  };
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
    await swapIn(pool, base, shadow, tables, projections, swap, async (live) => {
      // The live checkpoints are locked (the daemon waits): replay the tail they reached, so the swap never moves a
      // read model back behind what readers were already shown.
      while (!(await reached(shadowPool, projections, live))) {
        if ((await replay()) === 0) await new Promise((r) => setTimeout(r, 20));
      }
      // Every batch is in: the totals a read model held back since its last pass ended (the tail the live checkpoints
      // reached, usually nothing) go to its shadow tables now.
      for (const p of projections)
        if (p.finishRebuild) {
          swap.onStep?.(`write ${p.name}'s held totals`);
          await inTransaction(shadowPool, (db) => p.finishRebuild!(db, shadow));
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
 * shadow catch up to them, then replace the live rows and checkpoints with the shadow's and move the replay horizon.
 */
async function swapIn(
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
    // Reconnects from before where the rebuilt read models now stand get a snapshot of them (see rebuildReadModels).
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

/** How many batches a read model may apply before the slowest one (see rebuildReadModels). */
const RUN_AHEAD = 2;

/**
 * The log after a position in consecutive batches, each read once for every read model of a rebuild (the first to
 * start a batch asks for the next one too, so it is read meanwhile). A batch that came back empty ends the sequence
 * (the readable log is exhausted).
 */
class SharedBatches {
  private readonly reads = new Map<number, Promise<StoredEvent[]>>();
  /** How many events each batch held, once it is back. */
  readonly sizes = new Map<number, number>();

  constructor(
    private readonly store: EventStore,
    private readonly from: Position | 'start',
    private readonly batchSize: number,
  ) {}

  /** Batch i, read after batch i - 1 (read first if need be); an empty batch ends the sequence. */
  get(i: number): Promise<StoredEvent[]> {
    let read = this.reads.get(i);
    if (read) return read;
    const after = i === 0 ? Promise.resolve(this.from) : this.get(i - 1).then((events) => (events.length > 0 ? events[events.length - 1].position : undefined));
    read = after.then((position) => (position === undefined ? [] : this.store.readAll(position, this.batchSize)));
    read.then(
      (events) => void this.sizes.set(i, events.length),
      () => undefined, // a read ahead nobody awaits (the pass failed elsewhere) must not fail the process
    );
    this.reads.set(i, read);
    return read;
  }

  /** Drops batch i (every read model has applied it): it holds decoded events. */
  forget(i: number): void {
    this.reads.delete(i);
    this.sizes.delete(i);
  }
}

/** Lets async loops wait until a condition on shared progress holds; `moved` re-checks them. */
class Stepper {
  private waiting: (() => void)[] = [];
  private closed = false;

  /** Answers false when closed instead. */
  async until(ready: () => boolean): Promise<boolean> {
    while (!ready() && !this.closed) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return !this.closed;
  }

  moved(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  /** Lets every waiter go, answering false (a read model failed: the pass is over). */
  close(): void {
    this.closed = true;
    this.moved();
  }
}
