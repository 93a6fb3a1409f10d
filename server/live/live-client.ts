import type { Response } from 'express';
import { comparePositions, type Position } from '../../event-schemas/store/position';
import type { Cursor } from './live-reads';
import { throughPosition, type Chain } from './told-batches';

/** One open stream (a tab) of a member, as the hub keeps it. */
export interface LiveClient {
  paxId: number;
  /** An admin's own session (not an impersonated one): it also hears the staff-only topics (STAFF_TOPICS). */
  staff: boolean;
  /** The session behind the stream (hex of its hash): when it is revoked the stream ends. */
  session: string;
  res: Response;
  cursor: Cursor;
  busy: boolean;
  again: boolean;
  closed: boolean;
  /** Messages wait past what every projection has reached (from this position on); read again when the bound passes it. */
  held: Position | undefined;
  /**
   * How far it has every message of its member: a position, or the hub's chain of batches told in process (it then has
   * them through the chain's end, which moves with each batch). Unknown until its first read.
   */
  through: Position | Chain | undefined;
}

/** Whether a message at (position, kind) comes after the cursor: messages are ordered by position, then kind. */
export const after = (position: Position, kind: string, cursor: Cursor): boolean => {
  const c = comparePositions(position, cursor.position);
  return c > 0 || (c === 0 && kind > cursor.kind);
};

export const throughOf = (c: LiveClient): Position | undefined => throughPosition(c.through);

/** Whether a frame may still be written: not dropped, and the response neither ended by us nor destroyed. */
export const writable = (c: LiveClient): boolean => !c.closed && !c.res.writableEnded && !c.res.destroyed;

/**
 * Waits for the stream's socket to drain; a stream whose buffer stays full `stallMs` is destroyed (it can reconnect
 * with Last-Event-ID) and this answers false.
 */
export function drained(c: LiveClient, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      c.res.off('drain', onDrain);
      c.res.destroy();
      resolve(false);
    }, stallMs);
    const onDrain = () => {
      clearTimeout(timer);
      resolve(true);
    };
    c.res.once('drain', onDrain);
  });
}
