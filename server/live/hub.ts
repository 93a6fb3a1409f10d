import type { Response } from 'express';
import type pg from 'pg';
import { comparePositions, formatPosition, type Position } from '../../event-schemas/store/position';
import type { ProgressMessage, ProjectionProgress } from './progress';
import { positionOf, readNewMessages, readSnapshot, readStreamMessages, type Cursor, type FactQuery, type MessageRow } from './live-reads';
import { liveHorizon } from './prune';
import { RESYNC_EVENT, SSE_HEADERS, sseFrame } from './sse';

interface LiveClient {
  paxId: number;
  /** The session behind the stream (hex of its hash): when it is revoked the stream ends. */
  session: string;
  res: Response;
  cursor: Cursor;
  busy: boolean;
  again: boolean;
  closed: boolean;
  /** Messages wait past what every projection has reached (from this position on); read again when the bound passes it. */
  held: Position | undefined;
}

export interface HubOptions {
  heartbeatMs: number;
  batchSize: number;
  /** A client whose socket buffer stays full this long is disconnected; it can reconnect with Last-Event-ID. */
  stallMs: number;
  /**
   * Turns stored messages into what is sent now (the server makes `points` balances leave out overdue lots). Called
   * once for all the messages one read brought, so presenting costs at most one query per read, not one per message.
   */
  present?: (messages: LiveMessage[]) => Promise<unknown[]>;
  /**
   * Optional, what `present` does with its query folded into the hub's read of new messages: `sql` is a subquery giving
   * one value (`fact`) for the member `u.pax_id`, its parameters numbered from `first`; `present` then turns the
   * messages into what is sent with each member's fact. A push then costs one query and one round trip, not two.
   */
  presentWith?: FactQuery & {
    present: (messages: LiveMessage[], facts: Map<number, unknown>) => unknown[];
  };
}

export interface LiveMessage {
  paxId: number;
  kind: string;
  data: unknown;
}

const after = (position: Position, kind: string, cursor: Cursor): boolean => {
  const c = comparePositions(position, cursor.position);
  return c > 0 || (c === 0 && kind > cursor.kind);
};

/** Whether a frame may still be written: not dropped, and the response neither ended by us nor destroyed. */
const writable = (c: LiveClient): boolean => !c.closed && !c.res.writableEnded && !c.res.destroyed;

const DEFAULTS: HubOptions = { heartbeatMs: 10_000, batchSize: 100, stallMs: 30_000 };

/**
 * Pushes each member's live messages to their open streams. Messages are read from `member_live_messages`, never
 * queued in memory: a slow client just falls behind its cursor and catches up when its socket drains, so it can
 * neither slow the others nor grow the heap, and a reconnect with Last-Event-ID replays from the same table.
 *
 * Cost scales with changes, not with open streams: a progress notification marks the members it touched, and one
 * query reads the new messages of all of them (from each member's furthest-behind tab), presented in one call. A
 * stream only reads on its own while it replays after opening or catches up after its socket was full. Heartbeats
 * and held messages query nothing unless the projections moved.
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<LiveClient>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly options: HubOptions;
  /** Members whose streams may have messages to read; the next flush reads them all in one query. */
  private readonly dirty = new Set<number>();
  private flushing = false;
  private stopped = false;
  private flushAgain = false;

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
    const client: LiveClient = {
      paxId,
      session: sessionHash.toString('hex'),
      res,
      cursor: { position: { major: 0n, minor: 0n }, kind: '' },
      busy: false,
      again: false,
      closed: false,
      held: undefined,
    };
    // A write racing the end of a stream (a sign-out, a broadcast, a heartbeat) must cost that stream, not the process:
    // an 'error' event nobody listens to is an uncaught exception.
    res.on('error', (error) => {
      this.log(`live stream for participant ${paxId} failed`, error);
      this.drop(client);
    });
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    res.write('retry: 2000\n\n');
    if (lastEventId && !(await this.prunedAfter(lastEventId))) client.cursor = { position: lastEventId, kind: '\uffff' };
    else {
      await this.sendSnapshot(client);
      // The tab asked for a replay it cannot have: what it keeps from messages (the activity list, the wallet) may
      // miss some, so it is told to read them again. A first open, with nothing to replay, needs no such word.
      if (lastEventId) res.write(sseFrame(RESYNC_EVENT, undefined, { reason: 'The messages since your last one are no longer kept.' }));
    }
    // The caller may have gone while the snapshot was read; its 'close' has then passed and would never drop it.
    if (!writable(client) || res.socket?.destroyed) return;
    let set = this.clients.get(paxId);
    if (!set) this.clients.set(paxId, (set = new Set()));
    set.add(client);
    res.on('close', () => this.drop(client));
    void this.pump(client);
  }

  /**
   * Whether messages after `position` may have been pruned (server/live/prune.ts) or describe a read model since
   * rebuilt: a replay from it would skip them or hand out stale ones, so that stream starts with a fresh snapshot.
   */
  private async prunedAfter(position: Position): Promise<boolean> {
    return comparePositions(position, await liveHorizon(this.pool)) < 0;
  }

  private async present(messages: LiveMessage[]): Promise<unknown[]> {
    if (messages.length === 0 || !this.options.present) return messages.map((m) => m.data);
    return this.options.present(messages);
  }

  private async sendSnapshot(client: LiveClient): Promise<void> {
    const { balance, pending, cursor: position } = await readSnapshot(this.pool, client.paxId);
    client.cursor = { position, kind: '\uffff' };
    const token = formatPosition(position);
    const points = { paxId: client.paxId, balance, pending, position: token };
    const [shown] = await this.present([{ paxId: client.paxId, kind: 'points', data: points }]);
    client.res.write(sseFrame('points', token, shown));
  }

  private onProgress(m: ProgressMessage): void {
    for (const topic of m.broadcasts) this.broadcast(topic);
    for (const paxId of m.paxIds) if (this.clients.has(paxId)) this.dirty.add(paxId);
    const bound = this.settled();
    for (const set of this.clients.values())
      for (const c of set) {
        // A stream reading on its own may have read the bound before this progress: it reads again.
        if (c.busy) c.again = true;
        else if (c.held && bound && comparePositions(bound, c.held) >= 0) this.dirty.add(c.paxId);
      }
    void this.flush();
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

  /**
   * Reads the new messages of every dirty member in one query and writes them to their streams. A stream that is
   * reading on its own is skipped (told to read again); one whose socket fills up goes on alone once it drains.
   */
  private async flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = true;
    let members: number[] = [];
    try {
      do {
        this.flushAgain = false;
        members = [...this.dirty];
        this.dirty.clear();
        // Each member is read from the cursor of its furthest-behind idle stream; the others skip what they have.
        const from = new Map<number, Cursor>();
        for (const paxId of members)
          for (const c of this.clients.get(paxId) ?? []) {
            if (c.busy || !writable(c)) continue;
            const cur = from.get(paxId);
            if (!cur || after(cur.position, cur.kind, c.cursor)) from.set(paxId, c.cursor);
          }
        if (from.size === 0) continue;
        const bound = this.settled();
        const ids = [...from.keys()];
        // What presenting these members needs is read in the same query, once per member (the lateral before m).
        const facts = this.options.presentWith;
        const r = await readNewMessages(this.pool, from, this.options.batchSize, facts);
        const rows = bound ? r.rows.filter((row) => comparePositions(positionOf(row), bound) <= 0) : [];
        const messages = rows.map((row) => ({ paxId: Number(row.pax_id), kind: row.kind, data: row.data }));
        const shown = facts ? facts.present(messages, new Map(rows.map((row) => [Number(row.pax_id), row.fact]))) : await this.present(messages);
        const byMember = new Map<number, { position: Position; kind: string; frame: string }[]>();
        rows.forEach((row, i) => {
          const list = byMember.get(Number(row.pax_id)) ?? [];
          const position = positionOf(row);
          list.push({ position, kind: row.kind, frame: sseFrame(row.kind, formatPosition(position), shown[i]) });
          byMember.set(Number(row.pax_id), list);
        });
        const heldAt = new Map<number, Position>();
        for (const row of r.rows) {
          const position = positionOf(row);
          const paxId = Number(row.pax_id);
          if ((!bound || comparePositions(position, bound) > 0) && !heldAt.has(paxId)) heldAt.set(paxId, position);
        }
        const fetched = new Map<number, number>();
        for (const row of r.rows) fetched.set(Number(row.pax_id), (fetched.get(Number(row.pax_id)) ?? 0) + 1);
        // From here to the end of the loop nothing awaits: no stream's state changes under these writes.
        for (const paxId of ids) {
          const messages = byMember.get(paxId) ?? [];
          for (const c of this.clients.get(paxId) ?? []) {
            if (c.busy) {
              c.again = true;
              continue;
            }
            c.held = heldAt.get(paxId);
            if (!writable(c)) continue;
            // Every new frame for this tab in one write (one syscall), each frame built once for all the member's tabs.
            const fresh = messages.filter((m) => after(m.position, m.kind, c.cursor));
            if (fresh.length === 0) continue;
            const flushed = c.res.write(fresh.map((m) => m.frame).join(''));
            const lastSent = fresh[fresh.length - 1];
            c.cursor = { position: lastSent.position, kind: lastSent.kind };
            // Its socket is full: it continues on its own once drained, at its own pace.
            if (!flushed) void this.pump(c);
          }
          if (fetched.get(paxId) === this.options.batchSize && !heldAt.has(paxId)) this.dirty.add(paxId);
        }
      } while (this.dirty.size > 0 || this.flushAgain);
    } catch (error) {
      this.log('live push failed; retrying', error);
      // Their messages stay in the table: read them again shortly (a database hiccup must not strand the streams).
      for (const paxId of members) this.dirty.add(paxId);
      if (!this.stopped) setTimeout(() => void this.flush(), 1000).unref();
    } finally {
      this.flushing = false;
    }
  }

  /** One stream reading on its own: its replay after opening, or catching up after its socket was full. */
  private async pump(c: LiveClient): Promise<void> {
    if (c.busy) {
      c.again = true;
      return;
    }
    c.busy = true;
    try {
      if (c.res.writableNeedDrain && !(await this.drained(c))) return;
      do {
        c.again = false;
        c.held = undefined;
        const bound = this.settled();
        const rows = await readStreamMessages(this.pool, c.paxId, c.cursor, this.options.batchSize);
        const ready: MessageRow[] = [];
        for (const row of rows) {
          if (!bound || comparePositions(positionOf(row), bound) > 0) {
            c.held = positionOf(row);
            break;
          }
          ready.push(row);
        }
        const shown = await this.present(ready.map((row) => ({ paxId: c.paxId, kind: row.kind, data: row.data })));
        for (let i = 0; i < ready.length; i++) {
          if (!writable(c)) return;
          const position = positionOf(ready[i]);
          const flushed = c.res.write(sseFrame(ready[i].kind, formatPosition(position), shown[i]));
          c.cursor = { position, kind: ready[i].kind };
          if (!flushed && !(await this.drained(c))) return;
        }
        if (rows.length === this.options.batchSize && !c.held) c.again = true;
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
        // A lost notification (listener reconnecting) must not hold messages until the member's next change; the
        // bound only moves when progress was heard or reloaded, so this reads nothing while nothing changed.
        if (c.held && !c.busy) {
          const bound = this.settled();
          if (bound && comparePositions(bound, c.held) >= 0) this.dirty.add(c.paxId);
        }
      }
    if (this.dirty.size > 0) void this.flush();
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
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const set of this.clients.values())
      for (const c of set) {
        c.closed = true;
        c.res.end();
      }
    this.clients.clear();
  }
}
