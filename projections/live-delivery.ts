import { randomBytes } from 'node:crypto';
import type { Position } from '../event-schemas/store/position';

/** A live message as a batch wrote it to `member_live_messages`, handed on in process with its data still an object. */
export interface DeliveredMessage {
  paxId: number;
  position: Position;
  kind: string;
  data: unknown;
}

/**
 * What a committed batch of read models tells the live side of its own process, right after COMMIT: the same news
 * its NOTIFY carries to every process, without the trip through PostgreSQL and without the hub reading back the
 * messages the batch has just written.
 */
export interface CommittedBatch {
  /** Also in the batch's NOTIFY, so the process that heard it already can pass over its own notification. */
  id: string;
  projections: string[];
  /** Where the batch's read began: every projection it names moved from here to `position`. */
  from: Position | 'start';
  position: Position;
  paxIds: number[];
  broadcasts: string[];
  /**
   * Every live message the group's projections wrote in (from, position], in the order they were written, with the
   * fact (`LiveDelivery.facts`) of each wanted member read in the same transaction. Absent when some projection of the
   * group that writes live messages did not move from `from` (it stood elsewhere): the messages are then not all here.
   */
  live?: { messages: DeliveredMessage[]; facts: Map<number, unknown> };
}

/** The live side of a process, as the read-model batches of the same process see it (server/live implements it). */
export interface LiveDelivery {
  /**
   * Names this live side in the batches' NOTIFY (`told`): when its listener reads that before the telling, it knows the
   * telling is on its way and waits for it (any other listener hears the NOTIFY as usual).
   */
  tag: string;
  /** Of these members, the ones whose messages this process would send now (those with open streams here). */
  wanted(paxIds: number[]): number[];
  /**
   * A subquery giving one value for the member `u.pax_id` (its parameters numbered from `first`), read for the wanted
   * members in the batch's last round trip, after its writes: what presenting their messages needs.
   */
  facts?: { sql: (first: number) => string; values: () => unknown[] };
  /** Called once the batch committed; must not throw (the batch is committed whatever happens here). */
  committed(batch: CommittedBatch): void;
}

// Ids unique across processes: a random tag per process and a counter.
const PROCESS_TAG = randomBytes(6).toString('hex');
let batches = 0;
export const nextBatchId = (): string => `${PROCESS_TAG}-${(batches += 1)}`;
