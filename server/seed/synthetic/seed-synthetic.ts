import type pg from 'pg';
import { dateIn } from '../../../event-schemas/calendar';
import type { EventStore } from '../../../event-schemas/store/event-store';
import type { Projection } from '../../../projections/projection';
import { rebuildReadModels } from '../../../projections/rebuild';
import { readCheckpoint } from '../../../projections/runner';
import { comparePositions } from '../../../event-schemas/store/position';
import { hashPassword } from '../../auth/passwords';
import type { ProgrammeSettings } from '../../config';
import { DEMO } from '../demo';
import { writeMembers } from './bulk-writer';
import { readCatalogue } from './catalogue';
import { memberHistory, syntheticEmail } from './member-history';

export interface SeedSyntheticOptions {
  pool: pg.Pool;
  store: EventStore;
  settings: ProgrammeSettings;
  readModels: Projection[];
  /** The processes on the log (payouts, referrals, offers, reconciler): the seed writes what they would have. */
  processNames: readonly string[];
  members: number;
  seed: number;
  now: Date;
  /** Members per transaction. */
  chunk?: number;
  progress?: (phase: string, done: number, total: number) => void;
}

export interface SeedSyntheticResult {
  members: number;
  events: number;
  firstPaxId: number;
  writeSeconds: number;
  projectSeconds: number;
}

/** The application name of the seed's own connections. */
export const SEED_APPLICATION_NAME = 'seed-synthetic';

/** Other sessions on the database: a server following the log would race the seed for its processes' checkpoints. */
async function refuseWhileOthersConnected(pool: pg.Pool): Promise<void> {
  const r = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> $1`,
    [SEED_APPLICATION_NAME],
  );
  if (Number(r.rows[0].n) > 0)
    throw new Error(
      `${r.rows[0].n} other session(s) are connected to the database: stop the server before seeding (the seed moves the log's processes past what it writes)`,
    );
}

/** The processes must have followed the whole log: the seed then moves them past its own events, which need nothing from them. */
async function refuseWhileProcessesBehind(pool: pg.Pool, store: EventStore, names: readonly string[]): Promise<void> {
  const head = await store.headPosition();
  if (!head) return;
  for (const name of names) {
    const checkpoint = await readCheckpoint(pool, name);
    if (checkpoint.position === 'start' || comparePositions(checkpoint.position, head) < 0)
      throw new Error(`the log's process ${name} has not followed the log to its end: start the server once and let it catch up, then seed`);
  }
}

/**
 * Fills the database with a programme of `members` synthetic members and about two years of their history (README,
 * "Synthetic programme"): events written in bulk with the store's codecs, stream names and metadata, then every read
 * model rebuilt from the log, so the data is what a programme that ran for two years would hold. Member n's history
 * depends only on the seed and n.
 */
export async function seedSynthetic(o: SeedSyntheticOptions): Promise<SeedSyntheticResult> {
  const chunk = o.chunk ?? 5_000;
  await refuseWhileOthersConnected(o.pool);
  const taken = await o.pool.query('SELECT 1 FROM participants WHERE lower(username) = $1', [syntheticEmail(1)]);
  if (taken.rowCount) throw new Error(`${syntheticEmail(1)} already exists: this database already holds a synthetic programme`);
  await refuseWhileProcessesBehind(o.pool, o.store, o.processNames);
  const today = dateIn(o.settings.timeZone, o.now);
  const catalogue = await readCatalogue(o.pool, o.settings, today);
  const passwordHash = await hashPassword(DEMO.password);
  const base = Number((await o.pool.query<{ max: string | null }>('SELECT max(pax_id) AS max FROM participants')).rows[0].max ?? 0);
  const now = o.now.toISOString();
  const started = performance.now();
  let events = 0;
  for (let from = 1; from <= o.members; from += chunk) {
    const to = Math.min(o.members, from + chunk - 1);
    const db = await o.pool.connect();
    try {
      await db.query('BEGIN');
      events += await writeMembers(db, from, to, (n) => memberHistory(catalogue, o.seed, n, base + n, now), passwordHash);
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
    o.progress?.(`write (${Math.round(events / ((performance.now() - started) / 1000))} events/s)`, to, o.members);
  }
  await o.pool.query(`SELECT setval('participants_pax_id_seq', greatest((SELECT max(pax_id) FROM participants), 1))`);
  const writeSeconds = (performance.now() - started) / 1000;
  // The processes' work for these events is in them already (payouts, their certificates, the payouts' treatments).
  const head = await o.store.headPosition();
  if (head)
    await o.pool.query(
      `UPDATE projection_checkpoints SET position_major = $2, position_minor = $3, events_applied = events_applied + $4, updated_at = now() WHERE name = ANY($1)`,
      [o.processNames, head.major.toString(), head.minor.toString(), events],
    );
  for (const table of ['participants', 'participant_emails', 'participant_phones', 'es_events', 'promotion_payout_treatments'])
    await o.pool.query(`ANALYZE ${table}`);
  const projecting = performance.now();
  await rebuildReadModels(o.pool, o.store, o.readModels, (p) => o.progress?.('project every read model', p.applied, p.total ?? 0));
  return { members: o.members, events, firstPaxId: base + 1, writeSeconds, projectSeconds: (performance.now() - projecting) / 1000 };
}
