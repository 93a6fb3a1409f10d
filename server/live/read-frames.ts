import { comparePositions, formatPosition, type Position } from '../../event-schemas/store/position';
import { positionOf, type MessageRow } from './live-reads';
import { sseFrame } from './sse';

export interface Frame {
  position: Position;
  kind: string;
  frame: string;
}

export interface ReadFrames {
  /** Each member's sendable messages (at or before the bound) as SSE frames, in the read's order. */
  byMember: Map<number, Frame[]>;
  /** Each member's first message past the bound: it and those after it wait until every projection has reached it. */
  heldAt: Map<number, Position>;
  /** How many rows the read brought for each member (a full batch means there may be more). */
  fetched: Map<number, number>;
}

/**
 * Groups one read of several members' new messages (the hub's flush) by member: `rows` as read, `shown` what is sent
 * for each row at or before `bound` (in order), `bound` the position every projection has reached (none: nothing is
 * sendable yet).
 */
export function framesOf(rows: MessageRow[], bound: Position | undefined, shown: unknown[]): ReadFrames {
  const byMember = new Map<number, Frame[]>();
  const heldAt = new Map<number, Position>();
  const fetched = new Map<number, number>();
  let sendable = 0;
  for (const row of rows) {
    const paxId = Number(row.pax_id);
    const position = positionOf(row);
    fetched.set(paxId, (fetched.get(paxId) ?? 0) + 1);
    if (bound && comparePositions(position, bound) <= 0) {
      const list = byMember.get(paxId) ?? [];
      list.push({ position, kind: row.kind, frame: sseFrame(row.kind, formatPosition(position), shown[sendable++]) });
      byMember.set(paxId, list);
    } else if (!heldAt.has(paxId)) heldAt.set(paxId, position);
  }
  return { byMember, heldAt, fetched };
}
