import type pg from 'pg';
import { type Position } from '../../event-schemas/store/position';

export interface LiveWindowOptions {
  /** Messages older than this are pruned: a stream away longer reconnects with a fresh snapshot. */
  windowMs: number;
  /** How often the pruning job runs. */
  everyMs: number;
}

/** A day of messages covers any tab reopened, laptop woken or network restored; older reconnects get a snapshot. */
export const LIVE_WINDOW_DEFAULTS: LiveWindowOptions = { windowMs: 24 * 60 * 60 * 1000, everyMs: 10 * 60 * 1000 };

/**
 * Deletes live messages older than the window and moves the horizon past them, in one transaction. The horizon is the
 * position of the newest message taken as old; only messages at or before it are deleted, so a replay from any
 * position at or after the horizon is complete. Answers how many messages were deleted.
 */
export async function pruneLiveMessages(pool: pg.Pool, windowMs: number): Promise<number> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    // The newest old message, read and compared inside the database (a timestamp sent back from JavaScript would
    // lose its microseconds).
    const horizon = await db.query<{ position_major: string; position_minor: string }>(
      `UPDATE member_live_horizon h SET (position_major, position_minor) = (n.position_major, n.position_minor)
       FROM (SELECT position_major, position_minor FROM member_live_messages WHERE created_at < now() - make_interval(secs => $1)
             ORDER BY created_at DESC, position_major DESC, position_minor DESC LIMIT 1) n
       WHERE (n.position_major, n.position_minor) > (h.position_major, h.position_minor)
       RETURNING h.position_major, h.position_minor`,
      [windowMs / 1000],
    );
    if (horizon.rows.length === 0) {
      await db.query('ROLLBACK');
      return 0;
    }
    // Only messages at or before the horizon go (a message can be older than the newest old one yet sit after it).
    const deleted = await db.query(
      `DELETE FROM member_live_messages
       WHERE created_at < now() - make_interval(secs => $3) AND (position_major, position_minor) <= ($1::numeric, $2::numeric)`,
      [horizon.rows[0].position_major, horizon.rows[0].position_minor, windowMs / 1000],
    );
    await db.query('COMMIT');
    return deleted.rowCount ?? 0;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * The position through which live messages may have been pruned (0-0 when none were), or describe a read model since
 * rebuilt (a rebuild moves it too: projections/rebuild.ts). A replay from before it would be incomplete or stale.
 */
export async function liveHorizon(db: pg.Pool | pg.PoolClient): Promise<Position> {
  const r = await db.query<{ position_major: string; position_minor: string }>('SELECT position_major, position_minor FROM member_live_horizon');
  const row = r.rows[0];
  return row ? { major: BigInt(row.position_major), minor: BigInt(row.position_minor) } : { major: 0n, minor: 0n };
}

/** Runs pruneLiveMessages every `everyMs` until stopped. */
export class LiveWindowJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly options: LiveWindowOptions = LIVE_WINDOW_DEFAULTS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = pruneLiveMessages(this.pool, this.options.windowMs).catch((error: unknown) => this.log('pruning live messages failed', error));
    }, this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
