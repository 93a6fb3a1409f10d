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
import { writeChunksInOrder } from './ordered-chunks';
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
  /** Each step after the replay (held totals written, each table swapped in), as it begins. */
  step?: (step: string) => void;
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

/** The mark a synthetic programme leaves, naming its seed: members of another seed would be other people under the same names. */
const markOf = (seed: number) => `synthetic-programme seed=${seed}`;

async function refuseAnotherSeed(pool: pg.Pool, seed: number): Promise<void> {
  const r = await pool.query<{ batch: string }>(`SELECT batch FROM seed_marks WHERE batch LIKE 'synthetic-programme seed=%'`);
  const other = r.rows.find((m) => m.batch !== markOf(seed));
  if (other)
    throw new Error(`this database holds the synthetic programme of ${other.batch.replace('synthetic-programme ', '')}: use that seed, or an empty database`);
}

/**
 * How many of members 1..wanted exist already. Chunks commit in member order, so they are 1..k for some k: found by
 * halving with exact look-ups of the sign-in name (indexed), not by counting a million rows.
 */
async function membersWritten(pool: pg.Pool, wanted: number): Promise<{ count: number; firstPaxId: number | undefined }> {
  const paxOf = async (n: number) =>
    (await pool.query<{ pax_id: string }>('SELECT pax_id FROM participants WHERE lower(username) = $1', [syntheticEmail(n)])).rows[0]?.pax_id;
  const first = await paxOf(1);
  if (first === undefined) return { count: 0, firstPaxId: undefined };
  let lo = 1;
  let hi = wanted;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await paxOf(mid)) !== undefined) lo = mid;
    else hi = mid - 1;
  }
  return { count: lo, firstPaxId: Number(first) };
}

/**
 * Fills the database with a programme of `members` synthetic members and about two years of their history (README,
 * "Synthetic programme"): events written in bulk with the store's codecs, stream names and metadata, then every read
 * model rebuilt from the log, so the data is what a programme that ran for two years would hold. Member n's history
 * depends only on the seed and n. Each chunk of members commits with the processes' checkpoints moved past it, so a
 * seed stopped halfway goes on from where it stopped when run again, and one run again with the same seed writes
 * nothing new (CONTRACT.md).
 */
export async function seedSynthetic(o: SeedSyntheticOptions): Promise<SeedSyntheticResult> {
  const chunk = o.chunk ?? 5_000;
  await refuseWhileOthersConnected(o.pool);
  await refuseAnotherSeed(o.pool, o.seed);
  await refuseWhileProcessesBehind(o.pool, o.store, o.processNames);
  const written = await membersWritten(o.pool, o.members);
  const today = dateIn(o.settings.timeZone, o.now);
  const catalogue = await readCatalogue(o.pool, o.settings, today);
  const passwordHash = await hashPassword(DEMO.password, o.settings.passwordHashCost);
  // Member n's pax id: the next free ones, in member order (the history depends on n, not on its pax id).
  const next = Number((await o.pool.query<{ max: string | null }>('SELECT max(pax_id) AS max FROM participants')).rows[0].max ?? 0) + 1;
  const paxOf = (n: number) => next + n - written.count - 1;
  const now = o.now.toISOString();
  const started = performance.now();
  let events = 0;
  // Two chunks at a time: one chunk's history is made in Node while the database takes the other's rows (one chunk at a
  // time, each side waited on the other). Their order in the log and their commits stay in member order
  // (writeChunksInOrder), so the members written are always 1..k.
  const chunks = function* () {
    for (let from = written.count + 1; from <= o.members; from += chunk) yield { from, to: Math.min(o.members, from + chunk - 1) };
  };
  await writeChunksInOrder(o.pool, chunks(), WRITERS, {
    write(db, { from, to }) {
      return writeMembers(db, from, to, (n) => memberHistory(catalogue, o.seed, n, paxOf(n), now), passwordHash);
    },
    async finish(db, _chunk, count) {
      // Here, once the chunk before has committed: a chunk writing the mark beside another's uncommitted one waits for it.
      await db.query('INSERT INTO seed_marks (batch) VALUES ($1) ON CONFLICT DO NOTHING', [markOf(o.seed)]);
      // The processes' work for these events is in them already (payouts, their certificates, the payouts' treatments):
      // their checkpoints move past this chunk in its own transaction, so a seed stopped later leaves them consistent.
      await db.query(
        `UPDATE projection_checkpoints c SET position_major = last.major, position_minor = last.minor, events_applied = c.events_applied + $2, updated_at = now()
           FROM (SELECT transaction_id::text::numeric AS major, global_position AS minor FROM es_events
                  WHERE transaction_id = pg_current_xact_id() ORDER BY global_position DESC LIMIT 1) last
          WHERE c.name = ANY($1)`,
        [o.processNames, count],
      );
    },
    committed({ to }, count) {
      events += count;
      o.progress?.(`write (${Math.round(events / ((performance.now() - started) / 1000))} events/s)`, to, o.members);
    },
  });
  const writeSeconds = (performance.now() - started) / 1000;
  if (events === 0 && (await readModelsAtHead(o.pool, o.store, o.readModels)))
    return { members: o.members, events: 0, firstPaxId: written.firstPaxId ?? next, writeSeconds, projectSeconds: 0 };
  await o.pool.query(`SELECT setval('participants_pax_id_seq', greatest((SELECT max(pax_id) FROM participants), 1))`);
  for (const table of ['participants', 'participant_emails', 'participant_phones', 'es_events', 'promotion_payout_treatments'])
    await o.pool.query(`ANALYZE ${table}`);
  const projecting = performance.now();
  await rebuildReadModels(o.pool, o.store, o.readModels, (p) => o.progress?.('project every read model', p.applied, p.total ?? 0), undefined, undefined, {
    onStep: o.step,
  });
  return { members: o.members, events, firstPaxId: written.firstPaxId ?? next, writeSeconds, projectSeconds: (performance.now() - projecting) / 1000 };
}

/** Chunks written at once (see seedSynthetic). */
const WRITERS = 2;

/** Whether every read model has followed the log to its end (a finished seed run again has nothing to rebuild). */
async function readModelsAtHead(pool: pg.Pool, store: EventStore, models: readonly Projection[]): Promise<boolean> {
  const head = await store.headPosition();
  if (!head) return true;
  for (const p of models) {
    const c = await readCheckpoint(pool, p.name);
    if (c.position === 'start' || comparePositions(c.position, head) < 0) return false;
  }
  return true;
}
