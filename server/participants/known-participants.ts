import type pg from 'pg';
import { notFound } from '../core/problem';

const MAX_REMEMBERED = 100_000;

/**
 * Participant ids this process has seen in `participants`, so a hot path (an award, a balance read) does not ask the
 * database again whether the member exists. Only existence is remembered, and a participant row is never deleted, so
 * a remembered id cannot turn stale; an unknown id is asked every time (it may be enrolled a moment later). One set
 * per pool (tests run several databases in one process); the oldest ids are forgotten first.
 */
const known = new WeakMap<pg.Pool, Set<number>>();

/** Answers 404 (CONTRACT.md) for an id with no participant. */
export async function assertParticipantExists(pool: pg.Pool, paxId: number): Promise<void> {
  let ids = known.get(pool);
  if (ids?.has(paxId)) return;
  const r = await pool.query('SELECT 1 FROM participants WHERE pax_id = $1', [paxId]);
  if (!r.rowCount) throw notFound(`Participant ${paxId}`);
  if (!ids) known.set(pool, (ids = new Set()));
  if (ids.size >= MAX_REMEMBERED) ids.delete(ids.values().next().value!);
  ids.add(paxId);
}
