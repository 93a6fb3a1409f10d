import type { Response } from 'express';
import type pg from 'pg';
import { comparePositions, formatPosition, type Position } from '../../event-schemas/store/position';
import type { CommittedBatch, LiveDelivery } from '../../projections/live-delivery';
import type { ProgressMessage, ProjectionProgress } from './progress';
import { positionOf, readNewMessages, readSnapshot, readStreamMessages, type Cursor, type FactQuery, type MessageRow } from './live-reads';
import { liveHorizon } from './prune';
import { RESYNC_EVENT, SSE_HEADERS, sseFrame } from './sse';
import { after, drained, throughOf, writable, type LiveClient } from './live-client';
import { framesOf } from './read-frames';
import { Chain, messagesByMember, START } from './told-batches';

/**
 * Topics only admins' own streams hear: `reports` (the programme report moved: the insight screen re-reads it). It
 * follows nearly every award, so members' streams, which have no use for it, are not woken by it.
 */
export const STAFF_TOPICS: ReadonlySet<string> = new Set(['reports']);

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
  /** Members whose messages the flush is reading now. */
  private readonly reading = new Set<number>();
  /** The batches told in process in an unbroken run (see Chain); undefined until the first. */
  private chain: Chain | undefined;
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
  async open(paxId: number, sessionHash: Buffer, res: Response, lastEventId: Position | undefined, staff = false): Promise<void> {
    const client: LiveClient = {
      paxId,
      staff,
      session: sessionHash.toString('hex'),
      res,
      cursor: { position: { major: 0n, minor: 0n }, kind: '' },
      busy: false,
      again: false,
      closed: false,
      held: undefined,
      through: undefined,
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

  /** How the read-model batches of this process hand their messages to the hub (projections/live-delivery.ts). */
  get delivery(): LiveDelivery {
    const facts = this.options.presentWith;
    return {
      tag: this.progress.tag,
      wanted: (paxIds) => paxIds.filter((paxId) => this.clients.has(paxId)),
      facts: facts && { sql: facts.sql, values: facts.values },
      committed: (batch) => {
        try {
          this.progress.local(batch);
        } catch (error) {
          // Its NOTIFY will be passed over as told: its members are read from the table instead.
          this.log('live push of a batch failed; reading its messages again', error);
          this.chain = undefined;
          for (const paxId of batch.paxIds) if (this.clients.has(paxId)) this.dirty.add(paxId);
          void this.flush();
        }
      },
    };
  }

  private onProgress(m: ProgressMessage): void {
    for (const topic of m.broadcasts) this.broadcast(topic);
    const handed = m.local ? this.deliverLocal(m.local) : new Set<number>();
    for (const paxId of m.paxIds) if (this.clients.has(paxId) && !handed.has(paxId)) this.dirty.add(paxId);
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
   * Writes a batch told in process straight to the streams of its members, with no read: the messages and each
   * member's fact came with it. A stream gets them only when it has every message up to where the batch began (its
   * `through`); any other is left to the table read (answered members leave out those that still need it). The batch
   * must hold every live message of its range, and every read model that writes them must have reached its end.
   */
  private deliverLocal(batch: CommittedBatch): Set<number> {
    const handed = new Set<number>();
    const bound = this.settled();
    const presentable = this.options.presentWith !== undefined || this.options.present === undefined;
    if (
      !batch.live ||
      !presentable ||
      !bound ||
      comparePositions(bound, batch.position) < 0 ||
      !this.liveProjections.every((name) => batch.projections.includes(name))
    ) {
      this.chain = undefined;
      return handed;
    }
    const from = batch.from === 'start' ? START : batch.from;
    // Streams riding the chain have everything through `from` only when this batch follows the chain's last.
    if (!this.chain || comparePositions(this.chain.end, from) !== 0) this.chain = new Chain(from);
    const chain = this.chain;
    const byMember = messagesByMember(batch.live.messages);
    for (const [paxId, messages] of byMember) {
      const tabs = this.clients.get(paxId);
      if (!tabs) continue;
      // Its streams read the table instead when it was opened after the batch chose whose facts to read, or when the
      // table is being read for it (or is about to be): that read may bring messages this batch does not hold, and no
      // cursor may move past them. Streams riding the chain leave it (they do not have this batch).
      if ((this.options.presentWith && !batch.live.facts.has(paxId)) || this.dirty.has(paxId) || this.reading.has(paxId)) {
        for (const c of tabs) if (c.through === chain) c.through = from;
        continue;
      }
      const shown = this.options.presentWith ? this.options.presentWith.present(messages, batch.live.facts) : messages.map((m) => m.data);
      const frames = messages.map((m, i) => ({ position: m.position, kind: m.kind, frame: sseFrame(m.kind, formatPosition(m.position), shown[i]) }));
      // What a tab that has none of them is sent (most are): joined once for all of the member's tabs.
      let joined: string | undefined;
      let all = true;
      for (const c of tabs) {
        if (c.busy) {
          // Reading on its own: it reads again, and leaves the chain (it has not had this batch).
          c.again = true;
          if (c.through === chain) c.through = from;
          continue;
        }
        if (!writable(c)) continue;
        const through = throughOf(c);
        // Behind where the batch began, or holding a message back (read, not yet sendable): the table has more for it.
        if (!through || comparePositions(through, from) < 0 || c.held) {
          all = false;
          continue;
        }
        const fresh = after(frames[0].position, frames[0].kind, c.cursor) ? frames : frames.filter((m) => after(m.position, m.kind, c.cursor));
        c.through = chain;
        if (fresh.length === 0) continue;
        const flushed = c.res.write(fresh === frames ? (joined ??= frames.map((m) => m.frame).join('')) : fresh.map((m) => m.frame).join(''));
        const lastSent = fresh[fresh.length - 1];
        c.cursor = { position: lastSent.position, kind: lastSent.kind };
        if (!flushed) void this.pump(c);
      }
      if (all) handed.add(paxId);
    }
    chain.end = batch.position;
    // Members the batch named with no message for them: nothing to read for their streams.
    for (const paxId of batch.paxIds) if (!byMember.has(paxId)) handed.add(paxId);
    return handed;
  }

  /**
   * The stream has every message through `p` (a read that brought all of them up to that bound): it joins the chain
   * when that reaches the chain's end, so it is then handed the chain's batches.
   */
  private raiseThrough(c: LiveClient, p: Position): void {
    const now = throughOf(c);
    const best = now && comparePositions(now, p) > 0 ? now : p;
    c.through = this.chain && comparePositions(best, this.chain.end) >= 0 ? this.chain : best;
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
        for (const paxId of ids) this.reading.add(paxId);
        const r = await readNewMessages(this.pool, from, this.options.batchSize, facts).finally(() => this.reading.clear());
        const rows = bound ? r.rows.filter((row) => comparePositions(positionOf(row), bound) <= 0) : [];
        const messages = rows.map((row) => ({ paxId: Number(row.pax_id), kind: row.kind, data: row.data }));
        const shown = facts ? facts.present(messages, new Map(rows.map((row) => [Number(row.pax_id), row.fact]))) : await this.present(messages);
        const { byMember, heldAt, fetched } = framesOf(r.rows, bound, shown);
        // From here to the end of the loop nothing awaits: no stream's state changes under these writes.
        for (const paxId of ids) {
          const messages = byMember.get(paxId) ?? [];
          for (const c of this.clients.get(paxId) ?? []) {
            if (c.busy) {
              c.again = true;
              continue;
            }
            if (!writable(c)) continue;
            // Idle now but behind where the read began (it was reading on its own then): the next read starts from it.
            const readFrom = from.get(paxId);
            if (readFrom && after(readFrom.position, readFrom.kind, c.cursor)) {
              this.dirty.add(paxId);
              continue;
            }
            c.held = heldAt.get(paxId);
            // The read brought every message of this member up to the bound: this stream has them all once written.
            if (bound && !c.held && fetched.get(paxId) !== this.options.batchSize) this.raiseThrough(c, bound);
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
      if (c.res.writableNeedDrain && !(await drained(c, this.options.stallMs))) return;
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
          if (!flushed && !(await drained(c, this.options.stallMs))) return;
        }
        if (rows.length === this.options.batchSize && !c.held) c.again = true;
        else if (bound && !c.held) this.raiseThrough(c, bound);
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
    const staffOnly = STAFF_TOPICS.has(topic);
    for (const set of this.clients.values()) for (const c of set) if ((c.staff || !staffOnly) && writable(c)) c.res.write(frame);
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
