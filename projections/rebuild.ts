import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import type { Projection } from './projection';
import { comparePositions, type Position } from '../event-schemas/store/position';
import { applyGroupBatch, readCheckpoint, samePosition } from './runner';
import { inTransaction } from './in-transaction';
import { CHECKPOINTS, PREPARING_CONNECTIONS, ShadowPreparation, swapIn, type Positions, type SwapOptions } from './rebuild-swap';

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

/**
 * Rebuilds read models from position 0 with no gap for readers: the log is replayed (one shared pass for all of them)
 * into shadow copies of their tables in a schema of their own, and the copies take the live tables' places in one
 * transaction (rebuild-swap.ts). Until that commit readers see the old read model, after it the rebuilt one, never a half-built one.
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
  // of the live tables only, so the shadow goes without them and the replay maintains fewer. Tables a read model only
  // appends to in a rebuild go without their keys too (see Projection.appendOnlyInRebuild).
  const keyless = projections.flatMap((p) => p.appendOnlyInRebuild ?? []);
  const dropped = await pool.query<{ drop: string }>(
    `SELECT CASE WHEN k.conname IS NULL THEN format('DROP INDEX %s', i.indexrelid::regclass)
                 ELSE format('ALTER TABLE %s DROP CONSTRAINT %I', i.indrelid::regclass, k.conname) END AS drop
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid
     WHERE n.nspname = $1 AND (NOT i.indisunique OR c.relname = ANY($2))`,
    [shadow, keyless],
  );
  if (dropped.rows.length > 0) await pool.query(dropped.rows.map((r) => r.drop).join(';\n'));
  // Unqualified names resolve to the shadow tables first: the projections write there unchanged, and still read
  // anything else (participants, settings) from the live schema.
  const shadowPool = new pg.Pool({ ...pool.options, max: projections.length + 1 + PREPARING_CONNECTIONS, options: `-c search_path=${shadow},${base}` });
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
  // Events each read model applied: one that applied as many as the log held at the start has its tables prepared
  // (indexes, statistics) while the others still replay; a table two read models wrote, once both have.
  const appliedBy = new Map<string, number>(projections.map((p) => [p.name, 0]));
  const caughtUp = (p: Projection) => total !== undefined && appliedBy.get(p.name)! >= total;
  const readyTables = (p: Projection) => p.tables.filter((t) => projections.every((q) => !q.tables.includes(t) || caughtUp(q)));
  const preparation = new ShadowPreparation(shadowPool, base, shadow, tables.length, swap.onStep);
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
        if (!(await runFrom(p))) return;
        if (p.finishRebuild) await inTransaction(shadowPool, (db) => p.finishRebuild!(db, shadow));
        if (caughtUp(p)) preparation.add(readyTables(p));
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
        appliedBy.set(p.name, appliedBy.get(p.name)! + r.applied);
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
    await preparation.finish(tables);
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
    await preparation.abandon();
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

async function reached(shadowPool: pg.Pool, projections: Projection[], live: Positions): Promise<boolean> {
  for (const p of projections) {
    const c = await readCheckpoint(shadowPool, p.name);
    const target = live.get(p.name) ?? [0n, 0n];
    const mine = c.position === 'start' ? [0n, 0n] : [c.position.major, c.position.minor];
    if (mine[0] < target[0] || (mine[0] === target[0] && mine[1] < target[1])) return false;
  }
  return true;
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
