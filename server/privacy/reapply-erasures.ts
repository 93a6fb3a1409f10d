import type pg from 'pg';
import { certificateStream, type Actor } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import type { Projection } from '../../projections/projection';
import { catchUpGroup } from '../../projections/runner';
import { handleCommand } from '../core/command-handler';
import { forfeitCertificate } from './erase-member';
import { blankPersonalData } from './erase-tables';
import { destroyMemberKey, keyringFor } from './sealing/member-keys';

/*
 * Re-applies the erasures the log records to a database restored from a backup taken before some of them (issue 25,
 * README "Backups"): the log keeps every MemberErased, but the plain tables, the member keys and the read models come
 * back as they were. For every member erased in the log this removes again what the erasure removed (one transaction
 * each: the key destroyed, the row marked and blanked, contacts, sessions, links, mail and throttle counts deleted),
 * lets the read models replay the log past their restored checkpoints (they blank their rows on MemberErased), and
 * voids any certificate of theirs still good. Each step changes nothing when there is nothing left to do, so the
 * command can be run again, or stopped and run again, at any time.
 */

export interface LoggedErasure {
  paxId: number;
  erasedAt: Date;
}

export interface ReapplySummary {
  /** Members with a MemberErased in the log. */
  erasedInLog: number;
  /** Of those, the members a restore had brought something back for (now removed again). */
  reapplied: number;
  /** Rows deleted or blanked again, keys destroyed again included. */
  rowsChanged: number;
  /** Members of the log with no row in `participants` at all (restored from before they enrolled): nothing to blank. */
  withoutRow: number;
  /** Events the read models replayed to catch up with the log. */
  readModelEvents: number;
  /** Certificates of erased members still good in the read model, voided with an event. */
  certificatesVoided: number;
}

export interface ReapplyProgress {
  step: 'keys' | 'read models' | 'certificates' | 'tables';
  done: number;
  total?: number;
}

const ACTOR: Actor = { kind: 'system', job: 'reapply-erasures' };
const SCAN_BATCH = 5_000;

/** Every member erased in the log, each once, with the time of their (first) erasure. */
export async function erasuresInLog(pool: pg.Pool, store: EventStore): Promise<LoggedErasure[]> {
  if (store.backend === 'postgresql') {
    const r = await pool.query<{ pax_id: string; occurred_at: string }>(
      `SELECT DISTINCT ON ((data->>'paxId')::bigint) (data->>'paxId')::bigint AS pax_id, metadata->>'occurredAt' AS occurred_at
         FROM es_events WHERE type = 'MemberErased' ORDER BY (data->>'paxId')::bigint, global_position`,
    );
    return r.rows.map((row) => ({ paxId: Number(row.pax_id), erasedAt: new Date(row.occurred_at) }));
  }
  // Another backend: one pass over the log.
  const found = new Map<number, Date>();
  let after: Position | 'start' = 'start';
  for (;;) {
    const batch = await store.readAll(after, SCAN_BATCH);
    for (const e of batch) {
      const paxId = (e.data as { paxId?: number }).paxId;
      if (e.type === 'MemberErased' && typeof paxId === 'number' && !found.has(paxId))
        found.set(paxId, new Date((e.metadata as { occurredAt: string }).occurredAt));
    }
    if (batch.length < SCAN_BATCH) break;
    after = batch[batch.length - 1].position;
  }
  return [...found].map(([paxId, erasedAt]) => ({ paxId, erasedAt }));
}

/** One member's tables and key, in one transaction: answers the rows changed, or undefined when they have no row. */
async function reapplyToTables(pool: pg.Pool, erasure: LoggedErasure): Promise<number | undefined> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const row = await db.query<{ username: string; erased_at: Date | null }>('SELECT username, erased_at FROM participants WHERE pax_id = $1 FOR UPDATE', [
      erasure.paxId,
    ]);
    if (!row.rowCount) {
      await db.query('ROLLBACK');
      return undefined;
    }
    const marked = row.rows[0].erased_at
      ? 0
      : (await db.query('UPDATE participants SET erased_at = $2 WHERE pax_id = $1', [erasure.paxId, erasure.erasedAt])).rowCount!;
    const { changed } = await blankPersonalData(db, erasure.paxId, erasure.erasedAt, row.rows[0].username);
    await db.query('COMMIT');
    return marked + changed;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** Destroys one member's key again (a restore that brought `member_keys` back brought it back); answers whether it held one. */
async function destroyKeyAgain(pool: pg.Pool, erasure: LoggedErasure): Promise<boolean> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const destroyed = await destroyMemberKey(db, erasure.paxId, erasure.erasedAt);
    await db.query('COMMIT');
    return destroyed;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * In this order: the keys first, so nothing below opens an erased member's fields with a restored key; the read
 * models and the certificates next, since both write (live messages among them); the tables last, which removes the
 * live messages those steps wrote too, so a second run finds nothing to do.
 */
export async function reapplyErasures(
  deps: { pool: pg.Pool; store: EventStore; readModels: Projection[]; now: () => Date },
  onProgress: (p: ReapplyProgress) => void = () => undefined,
): Promise<ReapplySummary> {
  const erasures = await erasuresInLog(deps.pool, deps.store);
  const summary: ReapplySummary = { erasedInLog: erasures.length, reapplied: 0, rowsChanged: 0, withoutRow: 0, readModelEvents: 0, certificatesVoided: 0 };
  const keyring = keyringFor(deps.pool);
  const keysDestroyed = new Set<number>();
  for (const [i, erasure] of erasures.entries()) {
    if (await destroyKeyAgain(deps.pool, erasure)) keysDestroyed.add(erasure.paxId);
    // This process reads the log below: it must not open their fields with a key it read before.
    keyring.forget(erasure.paxId);
    onProgress({ step: 'keys', done: i + 1, total: erasures.length });
  }
  // The read models restored with their checkpoints replay the log from there, MemberErased included.
  let replayed = 0;
  summary.readModelEvents = await catchUpGroup(deps.pool, deps.store, deps.readModels, 500, (applied) =>
    onProgress({ step: 'read models', done: (replayed += applied) }),
  );
  // What the erasure voided is in the log, and now in the read model; anything still good (an erasure stopped before
  // its voids) is voided now, as the erasure would have.
  const active = await deps.pool.query<{ certificate_id: string; pax_id: string }>(
    `SELECT certificate_id, pax_id FROM rm_certificates WHERE pax_id = ANY($1::bigint[]) AND status = 'ACTIVE'`,
    [erasures.map((e) => e.paxId)],
  );
  for (const [i, c] of active.rows.entries()) {
    const ctx = { actor: ACTOR, correlationId: `reapply-erasures-${c.certificate_id}`, now: deps.now() };
    const voided = await handleCommand(deps.store, forfeitCertificate, certificateStream(c.certificate_id), { paxId: Number(c.pax_id) }, ctx);
    if (voided.appended.length) summary.certificatesVoided += 1;
    onProgress({ step: 'certificates', done: i + 1, total: active.rowCount ?? 0 });
  }
  if (summary.certificatesVoided) summary.readModelEvents += await catchUpGroup(deps.pool, deps.store, deps.readModels);
  for (const [i, erasure] of erasures.entries()) {
    const changed = await reapplyToTables(deps.pool, erasure);
    const keyed = keysDestroyed.has(erasure.paxId) ? 1 : 0;
    if (changed === undefined) summary.withoutRow += 1;
    if ((changed ?? 0) + keyed > 0) {
      summary.reapplied += 1;
      summary.rowsChanged += (changed ?? 0) + keyed;
    }
    onProgress({ step: 'tables', done: i + 1, total: erasures.length });
  }
  return summary;
}
