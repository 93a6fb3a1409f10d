import type pg from 'pg';
import { maxPosition, type Position } from '../../event-schemas/store/position';

/** Where a stream stands in its member's messages: the last one sent (messages of one position ordered by kind). */
export interface Cursor {
  position: Position;
  kind: string;
}

/** A stored live message, as the hub's reads give it back. */
export interface MessageRow {
  pax_id: string;
  position_major: string;
  position_minor: string;
  kind: string;
  data: unknown;
}

export const positionOf = (row: MessageRow): Position => ({ major: BigInt(row.position_major), minor: BigInt(row.position_minor) });

/** A subquery giving one value (`fact`) per member `u.pax_id`, read with the messages (HubOptions.presentWith). */
export interface FactQuery {
  sql: (first: number) => string;
  values: () => unknown[];
}

/**
 * The hub's shared read: up to `limit` messages after each member's cursor, for every member at once, in one query
 * (and with `facts`, each member's fact in the same query: a lateral evaluated once per member).
 */
export function readNewMessages(
  pool: pg.Pool,
  from: Map<number, Cursor>,
  limit: number,
  facts: FactQuery | undefined,
): Promise<pg.QueryResult<MessageRow & { fact: unknown }>> {
  const ids = [...from.keys()];
  const cursors = ids.map((p) => from.get(p)!);
  return pool.query<MessageRow & { fact: unknown }>(
    `SELECT m.pax_id, m.position_major, m.position_minor, m.kind, m.data, ${facts ? 'f.fact' : 'NULL AS fact'}
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::text[]) AS u(pax_id, major, minor, kind)
     ${facts ? `CROSS JOIN LATERAL (${facts.sql(6)}) AS f(fact)` : ''}
     CROSS JOIN LATERAL (
       SELECT pax_id, position_major, position_minor, kind, data FROM member_live_messages m
       WHERE m.pax_id = u.pax_id AND (m.position_major, m.position_minor, m.kind) > (u.major, u.minor, u.kind)
       ORDER BY position_major, position_minor, kind LIMIT $5) m
     ORDER BY m.pax_id, m.position_major, m.position_minor, m.kind`,
    [
      ids,
      cursors.map((c) => c.position.major.toString()),
      cursors.map((c) => c.position.minor.toString()),
      cursors.map((c) => c.kind),
      limit,
      ...(facts ? facts.values() : []),
    ],
  );
}

/** One stream's own read: up to `limit` of its member's messages after its cursor. */
export async function readStreamMessages(pool: pg.Pool, paxId: number, cursor: Cursor, limit: number): Promise<MessageRow[]> {
  const r = await pool.query<MessageRow>(
    `SELECT pax_id, position_major, position_minor, kind, data FROM member_live_messages
     WHERE pax_id = $1 AND (position_major, position_minor, kind) > ($2, $3, $4)
     ORDER BY position_major, position_minor, kind LIMIT $5`,
    [paxId, cursor.position.major.toString(), cursor.position.minor.toString(), cursor.kind, limit],
  );
  return r.rows;
}

/**
 * What a fresh snapshot shows, in one statement so the cursor and the balance agree: the member's balance and pending
 * points, and the cursor: the member's last message, or the pruning horizon when that is later (its older messages
 * are gone or stale; none of theirs lie between the two).
 */
export async function readSnapshot(pool: pg.Pool, paxId: number): Promise<{ balance: number; pending: number; cursor: Position }> {
  const r = await pool.query<{
    balance: string | null;
    pending: string | null;
    major: string | null;
    minor: string | null;
    h_major: string;
    h_minor: string;
  }>(
    `SELECT (SELECT balance FROM rm_member_points WHERE pax_id = $1) AS balance,
            (SELECT pending FROM rm_member_points WHERE pax_id = $1) AS pending,
            m.position_major AS major, m.position_minor AS minor, h.position_major AS h_major, h.position_minor AS h_minor
     FROM member_live_horizon h LEFT JOIN LATERAL (
       SELECT position_major, position_minor FROM member_live_messages WHERE pax_id = $1
       ORDER BY position_major DESC, position_minor DESC LIMIT 1) m ON true`,
    [paxId],
  );
  const row = r.rows[0];
  const last = { major: BigInt(row.major ?? 0), minor: BigInt(row.minor ?? 0) };
  const horizon = { major: BigInt(row.h_major), minor: BigInt(row.h_minor) };
  return { balance: Number(row.balance ?? 0), pending: Number(row.pending ?? 0), cursor: maxPosition(horizon, last) };
}
