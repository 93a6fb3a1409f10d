import type { Response } from 'express';
import type pg from 'pg';
import { comparePositions, formatPosition, type Position } from '../../event-schemas/store/position';
import type { ProgressMessage, ProjectionProgress } from './progress';
import { SSE_HEADERS, sseFrame } from './sse';

interface Cursor {
  position: Position;
  kind: string;
}

interface LiveClient {
  paxId: number;
  /** The session behind the stream (hex of its hash): when it is revoked the stream ends. */
  session: string;
  res: Response;
  cursor: Cursor;
  busy: boolean;
  again: boolean;
  closed: boolean;
  /** Messages wait past what every projection has reached; pumped again when the slowest one moves on. */
  held: boolean;
}

export interface HubOptions {
  heartbeatMs: number;
  batchSize: number;
  /** A client whose socket buffer stays full this long is disconnected; it can reconnect with Last-Event-ID. */
  stallMs: number;
  /** Turns a stored message into what is sent now (the server makes `points` balances leave out overdue lots). */
  present?: (paxId: number, kind: string, data: unknown) => Promise<unknown>;
}

/** Whether a frame may still be written: not dropped, and the response neither ended by us nor destroyed. */
const writable = (c: LiveClient): boolean => !c.closed && !c.res.writableEnded && !c.res.destroyed;

const DEFAULTS: HubOptions = { heartbeatMs: 10_000, batchSize: 100, stallMs: 30_000 };

/**
 * Pushes each member's live messages to their open streams. Messages are read from `member_live_messages`, never
 * queued in memory: a slow client just falls behind its cursor and catches up when its socket drains, so it can
 * neither slow the others nor grow the heap, and a reconnect with Last-Event-ID replays from the same table.
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<LiveClient>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly options: HubOptions;

  constructor(
    private readonly pool: pg.Pool,
    private readonly progress: ProjectionProgress,
    private readonly log: (message: string, error?: unknown) => void,
    /** Projections that write member live messages: only they can hold a message back. */
    private readonly liveProjections: string[],
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    progress.on('progress', (m) => this.onProgress(m));
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /** Opens a stream for `paxId`; replays after `lastEventId`, or starts with a snapshot of the current points. */
  async open(paxId: number, sessionHash: Buffer, res: Response, lastEventId: Position | undefined): Promise<void> {
    const client: LiveClient = { paxId, session: sessionHash.toString('hex'), res, cursor: { position: { major: 0n, minor: 0n }, kind: '' }, busy: false, again: false, closed: false, held: false };
    // A write racing the end of a stream (a sign-out, a broadcast, a heartbeat) must cost that stream, not the process:
    // an 'error' event nobody listens to is an uncaught exception.
    res.on('error', (error) => {
      this.log(`live stream for participant ${paxId} failed`, error);
      this.drop(client);
    });
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    res.write('retry: 2000\n\n');
    if (lastEventId) client.cursor = { position: lastEventId, kind: '\uffff' };
    else await this.sendSnapshot(client);
    // The caller may have gone while the snapshot was read; its 'close' has then passed and would never drop it.
    if (!writable(client) || res.socket?.destroyed) return;
    let set = this.clients.get(paxId);
    if (!set) this.clients.set(paxId, (set = new Set()));
    set.add(client);
    res.on('close', () => this.drop(client));
    void this.pump(client);
  }

  private async sendSnapshot(client: LiveClient): Promise<void> {
    // One statement, one snapshot: the cursor and the balance agree.
    const r = await this.pool.query<{ balance: string | null; pending: string | null; major: string | null; minor: string | null }>(
      `SELECT (SELECT balance FROM rm_member_points WHERE pax_id = $1) AS balance,
              (SELECT pending FROM rm_member_points WHERE pax_id = $1) AS pending,
              m.position_major AS major, m.position_minor AS minor
       FROM (SELECT 1) one LEFT JOIN LATERAL (
         SELECT position_major, position_minor FROM member_live_messages WHERE pax_id = $1
         ORDER BY position_major DESC, position_minor DESC LIMIT 1) m ON true`,
      [client.paxId],
    );
    const row = r.rows[0];
    const position = { major: BigInt(row.major ?? 0), minor: BigInt(row.minor ?? 0) };
    client.cursor = { position, kind: '\uffff' };
    const token = formatPosition(position);
    const points = { paxId: client.paxId, balance: Number(row.balance ?? 0), pending: Number(row.pending ?? 0), position: token };
    client.res.write(sseFrame('points', token, this.options.present ? await this.options.present(client.paxId, 'points', points) : points));
  }

  private onProgress(m: ProgressMessage): void {
    for (const topic of m.broadcasts) this.broadcast(topic);
    for (const paxId of m.paxIds) for (const c of this.clients.get(paxId) ?? []) void this.pump(c);
    // A pump in flight may have read the bound before this progress: pumping it again (busy) makes it re-read.
    for (const set of this.clients.values()) for (const c of set) if (c.held || c.busy) void this.pump(c);
  }

  /**
   * The position every projection has reached. Projections write messages at their own pace, so a faster one can
   * commit a later message before a slower one commits an earlier message; sending past this bound would move the
   * cursor beyond the earlier message and lose it.
   */
  private settled(): Position | undefined {
    let min: Position | undefined;
    const positions = this.progress.positions();
    for (const name of this.liveProjections) {
      const p = positions[name];
      if (!p) return undefined;
      if (!min || comparePositions(p, min) < 0) min = p;
    }
    return min;
  }

  private async pump(c: LiveClient): Promise<void> {
    if (c.busy) {
      c.again = true;
      return;
    }
    c.busy = true;
    try {
      do {
        c.again = false;
        c.held = false;
        const bound = this.settled();
        const rows = await this.pool.query<{ position_major: string; position_minor: string; kind: string; data: unknown }>(
          `SELECT position_major, position_minor, kind, data FROM member_live_messages
           WHERE pax_id = $1 AND (position_major, position_minor, kind) > ($2, $3, $4)
           ORDER BY position_major, position_minor, kind LIMIT $5`,
          [c.paxId, c.cursor.position.major.toString(), c.cursor.position.minor.toString(), c.cursor.kind, this.options.batchSize],
        );
        for (const row of rows.rows) {
          if (!writable(c)) return;
          const position = { major: BigInt(row.position_major), minor: BigInt(row.position_minor) };
          if (!bound || comparePositions(position, bound) > 0) {
            c.held = true;
            break;
          }
          const data = this.options.present ? await this.options.present(c.paxId, row.kind, row.data) : row.data;
          if (!writable(c)) return;
          const flushed = c.res.write(sseFrame(row.kind, formatPosition(position), data));
          c.cursor = { position, kind: row.kind };
          if (!flushed && !(await this.drained(c))) return;
        }
        if (rows.rows.length === this.options.batchSize && !c.held) c.again = true;
      } while (c.again && !c.closed);
    } catch (error) {
      this.log(`live stream for participant ${c.paxId} failed`, error);
      c.res.destroy();
    } finally {
      c.busy = false;
    }
  }

  /**
   * Tells every open stream that a shared read model changed (`promotions`: re-read the tiles). Sent without an id:
   * it is not part of the member's own log, so it must not move the Last-Event-ID a reconnect resumes from. A stream
   * that was closed when it was sent misses it; clients re-read shared models whenever their stream reconnects.
   */
  private broadcast(topic: string): void {
    const frame = sseFrame(topic, undefined, { topic });
    for (const set of this.clients.values()) for (const c of set) if (writable(c)) c.res.write(frame);
  }

  private drained(c: LiveClient): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        c.res.off('drain', onDrain);
        c.res.destroy();
        resolve(false);
      }, this.options.stallMs);
      const onDrain = () => {
        clearTimeout(timer);
        resolve(true);
      };
      c.res.once('drain', onDrain);
    });
  }

  private beat(): void {
    for (const set of this.clients.values())
      for (const c of set) {
        if (!c.busy && writable(c) && c.res.writableLength === 0) c.res.write(': heartbeat\n\n');
        // A lost notification (listener reconnecting) must not hold messages until the member's next change.
        if (c.held) void this.pump(c);
      }
  }

  private drop(c: LiveClient): void {
    c.closed = true;
    const set = this.clients.get(c.paxId);
    set?.delete(c);
    if (set?.size === 0) this.clients.delete(c.paxId);
  }

  /** Ends the streams of sessions that were signed out or revoked (in this process or another). */
  closeSessions(sessionHashesHex: string[]): void {
    const ended = new Set(sessionHashesHex);
    for (const set of [...this.clients.values()])
      for (const c of [...set])
        if (ended.has(c.session)) {
          // Dropped now, not on 'close' (which comes later): nothing may be written to it in between.
          this.drop(c);
          c.res.end();
        }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.clients.values())
      for (const c of set) {
        c.closed = true;
        c.res.end();
      }
    this.clients.clear();
  }
}
