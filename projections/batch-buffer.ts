import type pg from 'pg';
import type { Position } from '../event-schemas/store/position';
import type { DeliveredMessage } from './live-delivery';
import { parameterLiteral, parameterText, sqlLiteral } from './sql-literal';

/**
 * What a runner's batch keeps for its last round trip. A batch under live load is mostly round trips, each one
 * waiting on a busy machine, so the runner folds as many statements as it can into the two it must make anyway:
 * - reads a projection declares up front (`Projection.prefetch`) go with BEGIN and the checkpoint lock;
 * - writes whose results nobody reads (`deferWrite`) and the live messages (`pushLive`) go with the checkpoints,
 *   the NOTIFY and COMMIT.
 * Outside a batch (no buffer on the connection) every call goes to the database at once.
 */
interface BatchBuffer {
  live: LiveRow[];
  writes: { sql: string; values: unknown[]; owner: string | undefined }[];
  prefetched: Map<string, { result: pg.QueryResult; owner: string | undefined }>;
  /** The projection applying now: its writes invalidate its own prefetched reads only. */
  owner: string | undefined;
  /** False in a rebuild's shadow batch: its swap ends the replay window instead (see rebuild.ts). */
  liveMessages: boolean;
  /** The live messages as written, data unserialised, for the live hub of this process (`keepMessages`). */
  kept: DeliveredMessage[] | undefined;
}

type LiveRow = [paxId: number, major: string, minor: string, kind: string, data: string];

export interface Statement {
  sql: string;
  values: unknown[];
}

const buffers = new WeakMap<pg.PoolClient, BatchBuffer>();

/** At most this many values (array elements counted one by one) are written into a round trip as literals. */
export const INLINE_VALUES = 2000;
const LIVE_ROWS_PER_INSERT = 5000;

/**
 * The runner calls this when a batch's transaction begins; the calls below then buffer until it ends. A batch without
 * `liveMessages` drops what projections tell members' live streams (a rebuild's shadow: see rebuild.ts); one with
 * `keepMessages` also keeps them as objects, for `keptMessages`.
 */
export const beginBuffer = (db: pg.PoolClient, options: { liveMessages?: boolean; keepMessages?: boolean } = {}): void =>
  void buffers.set(db, {
    live: [],
    writes: [],
    prefetched: new Map(),
    owner: undefined,
    liveMessages: options.liveMessages ?? true,
    kept: options.keepMessages ? [] : undefined,
  });

/** The live messages pushed in this batch so far, in order, when it was begun with `keepMessages`. */
export const keptMessages = (db: pg.PoolClient): DeliveredMessage[] | undefined => buffers.get(db)?.kept;

/** Forgets a failed batch's buffer (its transaction rolled back). */
export const discardBuffer = (db: pg.PoolClient): void => void buffers.delete(db);

/** Marks whose writes follow (the runner calls it before each projection applies). */
export function applyingNow(db: pg.PoolClient, owner: string): void {
  const buffer = buffers.get(db);
  if (buffer) buffer.owner = owner;
}

const keyOf = (s: Statement) => `${s.sql}\u0000${JSON.stringify(s.values)}`;

/** Keeps the results of reads the runner made in its first round trip, for `readRows` to hand out. */
export function keepPrefetched(db: pg.PoolClient, owner: string, statement: Statement, result: pg.QueryResult): void {
  buffers.get(db)?.prefetched.set(keyOf(statement), { result, owner });
}

/**
 * Reads rows for a projection: the result prefetched for exactly this statement when there is one and none of the
 * projection's own writes is pending since; otherwise the pending writes go first (a read sees every write before it)
 * and then the read.
 */
export async function readRows<R extends pg.QueryResultRow>(db: pg.PoolClient, statement: Statement): Promise<pg.QueryResult<R>> {
  const buffer = buffers.get(db);
  if (buffer) {
    const key = keyOf(statement);
    const hit = buffer.prefetched.get(key);
    buffer.prefetched.delete(key);
    if (hit && !buffer.writes.some((w) => w.owner === hit.owner)) return hit.result as pg.QueryResult<R>;
    await flushWrites(db, buffer);
  }
  return db.query<R>(statement.sql, statement.values);
}

/**
 * Writes to different tables, none reading another's rows, as one statement (one CTE each, parameters renumbered): one
 * round trip and one plan where each write alone took its own (a rebuild's batches are too large to inline).
 */
export function together(writes: Statement[]): Statement | undefined {
  if (writes.length <= 1) return writes[0];
  let offset = 0;
  const parts = writes.map((w, i) => {
    const sql = w.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += w.values.length;
    return `w${i} AS (${sql})`;
  });
  return { sql: `WITH ${parts.join(',\n')} SELECT 1`, values: writes.flatMap((w) => w.values) };
}

/** A write whose result nobody reads: inside a batch it goes later, in order, with the batch's last round trip. */
export async function deferWrite(db: pg.PoolClient, statement: Statement): Promise<void> {
  const buffer = buffers.get(db);
  if (buffer) buffer.writes.push({ ...statement, owner: buffer.owner });
  else await db.query(statement.sql, statement.values.map(asParameter));
}

/** Whether live messages pushed on this connection are kept (not in a rebuild's shadow batch). */
export const keepsLiveMessages = (db: pg.PoolClient): boolean => buffers.get(db)?.liveMessages ?? true;

/**
 * Records a message for a member's live stream, in the same transaction as the read rows it describes (or nothing, in
 * a batch that writes no live messages: its data is not even serialised).
 */
export async function pushLiveMessage(db: pg.PoolClient, paxId: number, position: Position, kind: string, data: unknown): Promise<void> {
  const buffer = buffers.get(db);
  if (buffer && !buffer.liveMessages) return;
  const row: LiveRow = [paxId, position.major.toString(), position.minor.toString(), kind, JSON.stringify(data)];
  buffer?.kept?.push({ paxId, position, kind, data });
  if (buffer) buffer.live.push(row);
  else await insertLive(db, [row]);
}

/**
 * The buffered writes and live messages as literal statements, for the runner to send in its last round trip with
 * the checkpoints and COMMIT; they are then taken from the buffer. Undefined, leaving the buffer alone, when they carry
 * more than INLINE_VALUES values: escaping thousands of literals costs more than the round trips (a rebuild's batch).
 */
export function takeInline(db: pg.PoolClient): string[] | undefined {
  const buffer = buffers.get(db);
  if (!buffer) return [];
  const count = (values: unknown[]) => values.reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
  const total = buffer.writes.reduce((n, w) => n + count(w.values), 0) + buffer.live.length * 5;
  if (total > INLINE_VALUES) return undefined;
  const statements = buffer.writes.map((w) => inlined(w));
  if (buffer.live.length > 0) {
    // Every value is a number from a bigint or Position (digits only) or an escaped literal.
    const values = buffer.live.map(
      ([pax, major, minor, kind, data]) => `(${Number(pax)}, ${BigInt(major)}, ${BigInt(minor)}, ${sqlLiteral(kind)}, ${sqlLiteral(data)}::jsonb)`,
    );
    statements.push(`INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data) VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`);
  }
  buffer.writes = [];
  buffer.live = [];
  return statements;
}

/** Sends what the batch buffered (in order, before its checkpoint, inside its transaction) and stops buffering. */
export async function flushBuffer(db: pg.PoolClient): Promise<void> {
  const buffer = buffers.get(db);
  buffers.delete(db);
  if (!buffer) return;
  await flushWrites(db, buffer);
  for (let i = 0; i < buffer.live.length; i += LIVE_ROWS_PER_INSERT) await insertLive(db, buffer.live.slice(i, i + LIVE_ROWS_PER_INSERT));
}

async function flushWrites(db: pg.PoolClient, buffer: BatchBuffer): Promise<void> {
  const writes = buffer.writes;
  buffer.writes = [];
  for (const w of writes) await db.query(w.sql, w.values.map(asParameter));
}

/**
 * Arrays as the text node-postgres would send (sql-literal.ts writes them without its per-character escaping, which
 * was 3.4% of a CPU profile of three full rebuilds of the bench's history); other values as they are.
 */
const asParameter = (value: unknown): unknown => (Array.isArray(value) ? parameterText(value) : value);

/**
 * A parameterised statement with its parameters written in as literals: each value as node-postgres would send it,
 * escaped (sql-literal.ts). Parameters go untyped, as quoted literals do, so PostgreSQL infers the same types.
 */
export function inlined(statement: Statement): string {
  return statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= statement.values.length) throw new Error(`statement has no value for $${n}`);
    return parameterLiteral(statement.values[index]);
  });
}

// DO NOTHING keeps the first message for a place in the log, also when two rows of one INSERT share it. Arrays
// (unnest) keep the statement the same size however many rows it carries.
async function insertLive(db: pg.PoolClient, rows: LiveRow[]): Promise<void> {
  const column = (i: number) => rows.map((r) => r[i]);
  await db.query(
    `INSERT INTO member_live_messages (pax_id, position_major, position_minor, kind, data)
     SELECT pax_id, position_major, position_minor, kind, data::jsonb
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::text[], $5::text[]) AS u(pax_id, position_major, position_minor, kind, data)
     ON CONFLICT DO NOTHING`,
    [column(0), column(1), column(2), column(3), column(4)],
  );
}
