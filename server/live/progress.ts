import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { CommittedBatch } from '../../projections/live-delivery';
import { PROGRESS_CHANNEL } from '../../projections/runner';
import type { PgListener } from '../adapters/pg-listener';
import { oldestKey } from '../core/oldest-key';
import { comparePositions, parsePosition, type Position } from '../../event-schemas/store/position';

export interface ProgressMessage {
  /** The projections that reached `position` in the batch (read models share one pass, so usually all of them). */
  projections: string[];
  position: Position;
  paxIds: number[];
  /** Shared topics the batch changed (see Touched.broadcasts). */
  broadcasts: string[];
  /** The batch itself, when this process committed it and told it in process (its messages may come with it). */
  local?: CommittedBatch;
}

/** How many batch ids are remembered to pass over a batch's second word (its NOTIFY after its local telling). */
const BATCH_IDS_KEPT = 4096;
/**
 * How long the NOTIFY of a batch this process tells in process waits for that telling when it is read first (the two
 * come on different connections). A telling that never comes (the COMMIT's answer was lost) is then made good by it.
 */
export const AWAIT_TELLING_MS = 1000;

/**
 * Follows every projection's checkpoint through LISTEN/NOTIFY (and a reload after a reconnect), so reads can wait
 * until the read models include a write (read-your-writes) and live pushes know which members to refresh.
 */
export class ProjectionProgress extends EventEmitter<{ progress: [ProgressMessage] }> {
  private readonly latest = new Map<string, Position>();
  /** Recent batches by id: told here in process first ('local'), or heard through NOTIFY first ('heard'). */
  private readonly batches = new Map<string, 'local' | 'heard'>();
  /** Notifications of this process's own told batches, read before the telling: held until it comes (see above). */
  private readonly awaiting = new Map<string, { since: number; messages: ProgressMessage[] }>();
  private sweeper: NodeJS.Timeout | undefined;
  /** What batches told to this listener in process carry in their NOTIFY (LiveDelivery.tag). */
  readonly tag = randomBytes(6).toString('hex');

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: PgListener,
    private readonly names: string[],
  ) {
    super();
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.listener.on(PROGRESS_CHANNEL, (payload: string) => this.onNotify(payload));
    // A reconnect may land as the runtime stops and its pool has ended (a CI run's observability test, which cuts the
    // database off, saw "Cannot use a pool after calling end" fail the run): there is nothing left to catch up then,
    // and a reload that fails otherwise is retried by the next reconnect or poll.
    this.listener.on('reconnected', () => void this.reload().catch(() => undefined));
    await this.listener.listen(PROGRESS_CHANNEL);
    await this.reload();
  }

  /**
   * A batch this process committed, told right after its COMMIT: positions move and listeners hear it at once, and its
   * NOTIFY, when it comes back, is passed over. A NOTIFY read first (two connections, either may be read first) waits
   * for this telling; only one that waited longer than AWAIT_TELLING_MS was heard as it is, and this telling is then
   * passed over instead.
   */
  local(batch: CommittedBatch): void {
    if (this.batches.get(batch.id) === 'heard') return;
    this.awaiting.delete(batch.id);
    this.remember(batch.id, 'local');
    for (const name of batch.projections) this.advance(name, batch.position);
    this.emit('progress', { projections: batch.projections, position: batch.position, paxIds: batch.paxIds, broadcasts: batch.broadcasts, local: batch });
  }

  private remember(id: string, how: 'local' | 'heard'): void {
    this.batches.set(id, how);
    if (this.batches.size > BATCH_IDS_KEPT) this.batches.delete(oldestKey(this.batches)!);
  }

  private onNotify(payload: string): void {
    const msg = JSON.parse(payload) as {
      projections?: string[];
      projection?: string;
      position: string;
      paxIds: number[];
      broadcasts?: string[];
      batch?: string;
      told?: string;
    };
    const position = parsePosition(msg.position);
    if (!position) return;
    // `projection` (one name) is what a runner before shared passes sent; a rolling restart may still hear it.
    const projections = msg.projections ?? (msg.projection ? [msg.projection] : []);
    const message: ProgressMessage = { projections, position, paxIds: msg.paxIds, broadcasts: msg.broadcasts ?? [] };
    if (msg.batch !== undefined) {
      // A batch told here already. (A batch's members may take several notifications, all with its id.)
      const seen = this.batches.get(msg.batch);
      if (seen === 'local') return;
      if (seen === undefined && msg.told === this.tag) return this.awaitTelling(msg.batch, message);
      this.remember(msg.batch, 'heard');
    }
    this.hear(message);
  }

  private hear(m: ProgressMessage): void {
    for (const name of m.projections) this.advance(name, m.position);
    this.emit('progress', m);
  }

  private awaitTelling(id: string, m: ProgressMessage): void {
    const held = this.awaiting.get(id);
    if (held) held.messages.push(m);
    else this.awaiting.set(id, { since: performance.now(), messages: [m] });
    this.sweeper ??= setInterval(() => this.sweep(), AWAIT_TELLING_MS / 4).unref();
  }

  /** Notifications whose telling did not come in time are heard as they are: their members are read from the table. */
  private sweep(): void {
    const now = performance.now();
    for (const [id, held] of this.awaiting) {
      if (now - held.since < AWAIT_TELLING_MS) continue;
      this.awaiting.delete(id);
      this.remember(id, 'heard');
      for (const m of held.messages) this.hear(m);
    }
    if (this.awaiting.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private advance(name: string, p: Position): void {
    const cur = this.latest.get(name);
    if (!cur || comparePositions(p, cur) > 0) this.latest.set(name, p);
  }

  async reload(): Promise<void> {
    const r = await this.pool.query<{ name: string; position_major: string; position_minor: string }>(
      'SELECT name, position_major, position_minor FROM projection_checkpoints',
    );
    for (const row of r.rows) this.advance(row.name, { major: BigInt(row.position_major), minor: BigInt(row.position_minor) });
  }

  positions(): Record<string, Position | undefined> {
    return Object.fromEntries(this.names.map((n) => [n, this.latest.get(n)]));
  }

  reached(position: Position, names = this.names): boolean {
    return names.every((n) => {
      const p = this.latest.get(n);
      return p !== undefined && comparePositions(p, position) >= 0;
    });
  }

  /** Waits, at most `timeoutMs`, until the named read models include `position`. Answers whether they do. */
  async waitFor(position: Position, timeoutMs: number, names = this.names): Promise<boolean> {
    if (this.reached(position, names)) return true;
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (!this.reached(position, names)) return;
        finish(true);
      };
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        clearInterval(poll);
        this.off('progress', check);
        resolve(ok);
      };
      const timer = setTimeout(() => finish(this.reached(position, names)), timeoutMs);
      // A notification can be lost while the listener reconnects; a slow poll covers it.
      const poll = setInterval(() => void this.reload().then(check, () => undefined), 500);
      this.on('progress', check);
    });
  }
}
