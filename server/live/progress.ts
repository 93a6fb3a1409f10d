import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { PROGRESS_CHANNEL } from '../../projections/runner';
import type { PgListener } from '../adapters/pg-listener';
import { comparePositions, parsePosition, type Position } from '../../event-schemas/store/position';

export interface ProgressMessage {
  /** The projections that reached `position` in the batch (read models share one pass, so usually all of them). */
  projections: string[];
  position: Position;
  paxIds: number[];
  /** Shared topics the batch changed (see Touched.broadcasts). */
  broadcasts: string[];
}

/**
 * Follows every projection's checkpoint through LISTEN/NOTIFY (and a reload after a reconnect), so reads can wait
 * until the read models include a write (read-your-writes) and live pushes know which members to refresh.
 */
export class ProjectionProgress extends EventEmitter<{ progress: [ProgressMessage] }> {
  private readonly latest = new Map<string, Position>();

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
    this.listener.on('reconnected', () => void this.reload());
    await this.listener.listen(PROGRESS_CHANNEL);
    await this.reload();
  }

  private onNotify(payload: string): void {
    const msg = JSON.parse(payload) as { projections?: string[]; projection?: string; position: string; paxIds: number[]; broadcasts?: string[] };
    const position = parsePosition(msg.position);
    if (!position) return;
    // `projection` (one name) is what a runner before shared passes sent; a rolling restart may still hear it.
    const projections = msg.projections ?? (msg.projection ? [msg.projection] : []);
    for (const name of projections) this.advance(name, position);
    this.emit('progress', { projections, position, paxIds: msg.paxIds, broadcasts: msg.broadcasts ?? [] });
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
