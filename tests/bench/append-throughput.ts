/**
 * Append throughput of the PostgreSQL event store against a baseline of plain single-row INSERT commits, measured
 * in one run on one fresh database: the ratio is what matters, since absolute numbers depend on the disk's fsync.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPgEventStore } from '../../server/adapters/pg-event-store';
import { PgListener } from '../../server/adapters/pg-listener';
import { allMigrations } from '../../server/composition-root';
import { migrate } from '../../server/db/migrate';
import type { EventStore } from '../../event-schemas/store/event-store';

/** Each measured phase runs for this long (the whole bench stays well under 30 s). */
const PHASE_MS = 3_000;
const CONCURRENT_APPENDERS = 8;

interface Phase {
  label: string;
  count: number;
  ms: number;
}
const rate = (p: Phase) => (p.count * 1000) / p.ms;

/** Runs `workers` loops of `step` until the phase's time is up; counts completed steps. */
async function timed(label: string, workers: number, step: (worker: number, i: number) => Promise<void>): Promise<Phase> {
  const started = performance.now();
  const until = started + PHASE_MS;
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        await step(w, i);
        count++;
      }
    }),
  );
  return { label, count, ms: performance.now() - started };
}

const event = (i: number) => ({ eventId: randomUUID(), type: 'BenchAppended', data: { i, at: Date.now() }, metadata: { by: 'bench' } });

/**
 * @param url a PostgreSQL URL whose user may create databases; the bench works in a fresh database of its own
 * (migrated like the server's) and drops it afterwards.
 */
export async function benchAppendThroughput(url: string): Promise<string> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: CONCURRENT_APPENDERS + 2 });
  const listener = new PgListener(dbUrl.toString());
  let store: EventStore | undefined;
  try {
    await migrate(pool, allMigrations());
    const settings = (
      await pool.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'server_version')`,
      )
    ).rows;
    await pool.query('CREATE TABLE bench_baseline (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    store = await createPgEventStore(pool, listener);
    const s = store;

    // Warm-up: connections, plans, the first stream rows.
    const warm = await pool.connect();
    try {
      for (let i = 0; i < 20; i++) await warm.query('INSERT INTO bench_baseline (payload) VALUES ($1)', [JSON.stringify(event(i))]);
    } finally {
      warm.release();
    }
    for (let i = 0; i < 20; i++) await s.appendToStream(`bench-warmup${i % 4}`, [event(i)], { expectedRevision: 'any' });

    const phases: Phase[] = [];
    const baselineClient = await pool.connect();
    try {
      phases.push(
        await timed('baseline: single-row INSERT, autocommit, 1 connection', 1, async (_w, i) => {
          await baselineClient.query('INSERT INTO bench_baseline (payload) VALUES ($1)', [JSON.stringify(event(i))]);
        }),
      );
    } finally {
      baselineClient.release();
    }
    phases.push(
      await timed('store: 1 appender, 1 event per append', 1, async (_w, i) => {
        await s.appendToStream(`bench-single${i % 100}`, [event(i)], { expectedRevision: 'any' });
      }),
    );
    const revisions = new Map<string, number>();
    phases.push(
      await timed(`store: ${CONCURRENT_APPENDERS} appenders, distinct streams, 1 event per append`, CONCURRENT_APPENDERS, async (w, i) => {
        const stream = `bench-w${w}s${i % 50}`;
        const r = await s.appendToStream(stream, [event(i)], { expectedRevision: revisions.get(stream) ?? 'no_stream' });
        revisions.set(stream, r.nextExpectedRevision);
      }),
    );

    const baseline = rate(phases[0]);
    const width = Math.max(...phases.map((p) => p.label.length));
    const lines = [
      `Append throughput (PostgreSQL ${settings.find((x) => x.name === 'server_version')?.setting ?? '?'}, fsync=${settings.find((x) => x.name === 'fsync')?.setting ?? '?'}, synchronous_commit=${settings.find((x) => x.name === 'synchronous_commit')?.setting ?? '?'}; ${PHASE_MS / 1000} s per phase)`,
      ...phases.map(
        (p) =>
          `  ${p.label.padEnd(width)}  ${rate(p).toFixed(0).padStart(7)} events/s  (${String(p.count).padStart(6)} in ${(p.ms / 1000).toFixed(2)} s)  ${(rate(p) / baseline).toFixed(2)}x baseline`,
      ),
    ];
    return lines.join('\n');
  } finally {
    await store?.close();
    await listener.close();
    await pool.end();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
