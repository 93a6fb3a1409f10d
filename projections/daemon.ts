import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../event-schemas/store/event-store';
import { formatPosition, type Position } from '../event-schemas/store/position';
import type { LiveDelivery } from './live-delivery';
import type { Projection } from './projection';
import { applyGroupBatch, readCheckpoint, type BatchOptions } from './runner';
import { readShared } from './shared-reads';

const IDLE_POLL_MS = 200;
const IDLE_POLLS_PER_CHECKPOINT_READ = 25;
const RETRY_MS = 1000;
/**
 * Processes caught up with the log read it again at most this often while events trickle in (a full batch goes on at
 * once): nobody waits on their positions to the millisecond, and under load a read per append was most of their cost.
 */
export const PROCESS_PACE_MS = 50;
/**
 * Under a steady trickle of appends the read models begin a batch at most this often (a full batch, or the first one
 * after a quiet spell, goes at once). Each batch costs the same three round trips, a transaction, a NOTIFY and a
 * delivery to the hub however few events it carries; unpaced under load it carried one to eight awards. In `npm run
 * bench awards` PostgreSQL's CPU per award fell by about a quarter, and a push waits up to this long more (its p99
 * stayed near 50 ms, against a target of 100).
 */
export const READ_MODEL_PACE_MS = 25;
/** How long a process may stand past its written checkpoint on events it does not consume before the move is written. */
export const SKIP_WRITE_MS = 1000;

/** A process on the log as the processes' loop keeps it. */
interface ProcessCursor {
  projection: Projection;
  /** Where its next read starts; undefined: read its checkpoint first. */
  from: Position | 'start' | undefined;
  /** Events passed over since its checkpoint was last written, none of which it consumes. */
  skipped?: { from: Position | 'start'; count: number; since: number };
  retryAt: number;
}

/**
 * Keeps every projection caught up in the background until stopped. The read models share one pass over the log (one
 * read, one transaction, one NOTIFY per batch for all of them). The processes on the log (they append events or send
 * mail) share one read of each batch too, but each applies it in a transaction of its own, so one's failure holds
 * back neither the read models nor the other processes. A process commits only batches holding events it consumes:
 * past the rest it moves in memory, and writes that move at most once a second (or when stopped), guarded by the
 * position it last wrote. So an award, which no process consumes, costs the processes one shared read and no commit.
 */
export class ProjectionDaemon {
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly groups: { shared: Projection[]; alone: Projection[] },
    private readonly log: (message: string, error?: unknown) => void,
    /** Up to this many waiting events go into one commit: under load a batch carries everything that queued up. */
    private readonly batchSize = 1000,
    /** The live side of this process, handed each read-model batch's messages after its commit. */
    private readonly delivery?: LiveDelivery,
    /** The read models' pace under a trickle of appends (READ_MODEL_PACE_MS). */
    private readonly readModelPaceMs = READ_MODEL_PACE_MS,
  ) {}

  start(): void {
    if (this.groups.shared.length > 0) this.loops.push(this.groupLoop(this.groups.shared));
    if (this.groups.alone.length > 0) this.loops.push(this.processesLoop(this.groups.alone));
  }

  private async groupLoop(group: Projection[]): Promise<void> {
    // Where this loop left the group: an idle poll then costs one read of the log, not a read of checkpoints too.
    let from: Position | 'start' | undefined;
    let idlePolls = 0;
    while (!this.abort.signal.aborted) {
      const started = performance.now();
      try {
        // Read models only: their commits need not wait for the disk (a lost one is replayed from its lost checkpoint).
        const r = await applyGroupBatch(this.pool, this.store, group, this.batchSize, { from, notify: true, asyncCommit: true, delivery: this.delivery });
        from = r.position;
        // Now and then an idle loop re-reads the checkpoints: one reset while nothing is appended is replayed too.
        idlePolls = r.applied === 0 ? idlePolls + 1 : 0;
        if (idlePolls % IDLE_POLLS_PER_CHECKPOINT_READ === IDLE_POLLS_PER_CHECKPOINT_READ - 1) from = undefined;
        // A short idle wait: an event hidden by another open transaction becomes readable without a new append
        // notification, and this wait is all that bounds how long it then sits unprojected.
        if (r.applied === 0) await this.store.waitForAppend(this.abort.signal, IDLE_POLL_MS);
        // A batch that took all it found: what comes next waits for the pace, and goes with whatever else arrives by
        // then. After a full batch more is waiting already; after an empty read the wait above ends at the next append.
        else if (r.applied < this.batchSize) await this.pause(this.readModelPaceMs - (performance.now() - started));
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.log(`projection ${group.map((p) => p.name).join(', ')} failed; retrying`, error);
        from = undefined;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private async processesLoop(processes: Projection[]): Promise<void> {
    const cursors: ProcessCursor[] = processes.map((projection) => ({ projection, from: undefined, retryAt: 0 }));
    let idlePolls = 0;
    while (!this.abort.signal.aborted) {
      const now = performance.now();
      const due = cursors.filter((c) => c.retryAt <= now);
      // One read per distinct position: the processes usually stand together, so one read serves them all.
      const reads = new Map<string, Promise<StoredEvent[]>>();
      const readFrom = (from: Position | 'start') => {
        const key = from === 'start' ? 'start' : formatPosition(from);
        let read = reads.get(key);
        if (!read) reads.set(key, (read = readShared(this.store, from, this.batchSize)));
        return read;
      };
      const passStarted = performance.now();
      const applied = await Promise.all(due.map((c) => this.advance(c, readFrom)));
      const moved = applied.some((n) => n > 0);
      const caughtUp = (await Promise.all([...reads.values()].map((r) => r.catch(() => [])))).every((r) => r.length < this.batchSize);
      idlePolls = moved ? 0 : idlePolls + 1;
      for (const c of due) {
        if (c.skipped && performance.now() - c.skipped.since >= SKIP_WRITE_MS) await this.writeSkipped(c);
        if (idlePolls % IDLE_POLLS_PER_CHECKPOINT_READ === IDLE_POLLS_PER_CHECKPOINT_READ - 1 && !c.skipped) c.from = undefined;
      }
      if (!moved) await this.store.waitForAppend(this.abort.signal, this.idleWait(cursors));
      // Also after a wake-up that found nothing readable yet (an open transaction elsewhere hides the new events).
      if (caughtUp) await this.pause(Math.min(this.idleWait(cursors), PROCESS_PACE_MS - (performance.now() - passStarted)));
    }
    for (const c of cursors) await this.writeSkipped(c);
  }

  /** One batch for one process; answers how many events it got past. A failure is logged and retried later. */
  private async advance(c: ProcessCursor, readFrom: (from: Position | 'start') => Promise<StoredEvent[]>): Promise<number> {
    const options: BatchOptions = { notify: 'if-touched', deferUnconsumed: true };
    try {
      if (c.from === undefined) {
        c.from = (await readCheckpoint(this.pool, c.projection.name)).position;
        c.skipped = undefined;
      }
      const read = await readFrom(c.from);
      if (read.length === 0) return 0;
      const r = await applyGroupBatch(this.pool, this.store, [c.projection], this.batchSize, { ...options, from: c.from, read, skipped: c.skipped });
      if (r.deferred)
        c.skipped = { from: c.skipped?.from ?? c.from, count: (c.skipped?.count ?? 0) + r.deferred, since: c.skipped?.since ?? performance.now() };
      // Committed (the skip went with it), or the checkpoint stood elsewhere (reset, or moved by another runner).
      else c.skipped = undefined;
      c.from = r.position;
      return r.applied;
    } catch (error) {
      if (!this.abort.signal.aborted) this.log(`projection ${c.projection.name} failed; retrying`, error);
      c.from = undefined;
      c.skipped = undefined;
      c.retryAt = performance.now() + RETRY_MS;
      return 0;
    }
  }

  /**
   * Writes a process's move past events it does not consume, only if its checkpoint still stands where the move
   * began: a checkpoint reset or moved meanwhile is read again instead (and replayed from where it stands).
   */
  private async writeSkipped(c: ProcessCursor): Promise<void> {
    const skipped = c.skipped;
    if (!skipped || c.from === undefined || c.from === 'start') return;
    c.skipped = undefined;
    const was = skipped.from === 'start' ? { major: 0n, minor: 0n } : skipped.from;
    try {
      const r = await this.pool.query(
        `UPDATE projection_checkpoints SET position_major = $2, position_minor = $3, events_applied = events_applied + $4, updated_at = now()
         WHERE name = $1 AND position_major = $5 AND position_minor = $6`,
        [c.projection.name, c.from.major.toString(), c.from.minor.toString(), skipped.count, was.major.toString(), was.minor.toString()],
      );
      if (r.rowCount === 0) c.from = undefined;
    } catch (error) {
      if (!this.abort.signal.aborted) this.log(`projection ${c.projection.name}: writing its checkpoint failed; retrying`, error);
      c.from = undefined;
    }
  }

  /** Waits `ms` (nothing when not positive), or until stopped. */
  private async pause(ms: number): Promise<void> {
    if (ms > 0) await sleep(ms, undefined, { signal: this.abort.signal }).catch(() => undefined);
  }

  /** An idle wait that ends in time for the next retry or the next skip to write. */
  private idleWait(cursors: ProcessCursor[]): number {
    const now = performance.now();
    let wait = IDLE_POLL_MS;
    for (const c of cursors) {
      if (c.retryAt > now) wait = Math.min(wait, c.retryAt - now);
      if (c.skipped) wait = Math.min(wait, Math.max(0, c.skipped.since + SKIP_WRITE_MS - now));
    }
    return Math.max(1, wait);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.loops);
  }
}
