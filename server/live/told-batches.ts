import { comparePositions, type Position } from '../../event-schemas/store/position';
import type { DeliveredMessage } from '../../projections/live-delivery';

/**
 * Batches of this process's read models, told to the hub in process one after the other, each beginning where the one
 * before ended (no other process's batch between them). A stream riding the chain has every message through its end:
 * it was handed each batch's messages for its member, and a batch not naming its member wrote none for it.
 */
export class Chain {
  constructor(public end: Position) {}
}

/** Where the log begins: a batch told from 'start'. */
export const START: Position = { major: 0n, minor: 0n };

/** How far a stream has every message: its own position, or its chain's end (which moves with each told batch). */
export const throughPosition = (through: Position | Chain | undefined): Position | undefined => (through instanceof Chain ? through.end : through);

const byPlace = (a: DeliveredMessage, b: DeliveredMessage) => comparePositions(a.position, b.position) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * A batch's messages per member in the order a read of the table gives them (position, then kind), each place once:
 * the first message written for it, as the table's ON CONFLICT DO NOTHING keeps (the sort is stable, so the first
 * written of two for one place comes first).
 */
export function messagesByMember(messages: DeliveredMessage[]): Map<number, DeliveredMessage[]> {
  const out = new Map<number, DeliveredMessage[]>();
  for (const m of messages) {
    const list = out.get(m.paxId);
    if (list) list.push(m);
    else out.set(m.paxId, [m]);
  }
  for (const [paxId, list] of out) {
    if (list.length === 1) continue;
    list.sort(byPlace);
    if (list.some((m, i) => i > 0 && byPlace(list[i - 1], m) === 0))
      out.set(
        paxId,
        list.filter((m, i) => i === 0 || byPlace(list[i - 1], m) !== 0),
      );
  }
  return out;
}
