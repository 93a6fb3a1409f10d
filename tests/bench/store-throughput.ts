/**
 * `bench store`: our PostgreSQL event store against Emmett's PostgreSQL event store (the TypeScript peer) and plain
 * INSERT commits, side by side in one run on one fresh database. Ratios matter; absolute rates depend on fsync.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { createPgEventStore } from '../../server/adapters/pg-event-store';
import { PgListener } from '../../server/adapters/pg-listener';
import type { EventStore } from '../../event-schemas/store/event-store';
import { allMigrations } from '../../server/composition-root';
import { migrate } from '../../server/db/migrate';

const PHASE_MS = 3_000;
const APPENDERS = 8;
const BATCH = 100;
const READ_BATCH = 1_000;

interface Phase {
  label: string;
  count: number;
  ms: number;
}
const rate = (p: Phase) => (p.count * 1000) / p.ms;

/** Runs `workers` loops of `step` until the phase's time is up; `step` answers how many events it wrote. */
async function timed(label: string, workers: number, step: (worker: number, i: number) => Promise<number>): Promise<Phase> {
  const started = performance.now();
  const until = started + PHASE_MS;
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        // Not `count += await step()`: that reads `count` before the await, so concurrent workers overwrite each
        // other's additions and 8 appenders were counted as about one (every 8-appender rate read ~8x too low).
        const written = await step(w, i);
        count += written;
      }
    }),
  );
  return { label, count, ms: performance.now() - started };
}

const payload = (i: number) => ({ i, at: Date.now() });
const ours = (i: number) => ({ eventId: randomUUID(), type: 'BenchAppended', data: payload(i), metadata: { by: 'bench' } });
const theirs = (i: number) => ({ type: 'BenchAppended', data: payload(i), metadata: { by: 'bench' } });

async function freshDatabase(url: string) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // A pool's end() answers once its clients are told to close, before their backends have gone: forcing the drop
      // then kills a backend still closing, whose client reports it as an 'error' on its pool (Emmett's pools have no
      // listener, so the run crashed about one time in three). The closing backends are waited for first.
      const waitUntil = performance.now() + 5_000;
      while (performance.now() < waitUntil) {
        const r = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(r.rows[0].n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  return { url: dbUrl.toString(), drop };
}

export async function benchStore(url: string): Promise<string> {
  const db = await freshDatabase(url);
  // Each contender has its own connections: ours this pool (as many as Emmett's default pool of 10), the raw INSERT
  // baseline its own. The baseline once held 8 of this pool's 10 for the whole run, leaving our 8 appenders 2.
  const pool = new pg.Pool({ connectionString: db.url, max: APPENDERS + 2 });
  const rawPool = new pg.Pool({ connectionString: db.url, max: APPENDERS });
  const listener = new PgListener(db.url);
  const emmett = getPostgreSQLEventStore(db.url, { schema: { autoMigration: 'None' } });
  const emmettReader = dumbo({ connectionString: db.url });
  let store: EventStore | undefined;
  try {
    await migrate(pool, allMigrations());
    await emmett.schema.migrate();
    await rawPool.query('CREATE TABLE bench_baseline (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    const settings = new Map(
      (
        await pool.query<{ name: string; setting: string }>(
          `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'server_version')`,
        )
      ).rows.map((r) => [r.name, r.setting]),
    );
    store = await createPgEventStore(pool, listener);
    const s = store;
    for (let i = 0; i < 50; i++) {
      await rawPool.query('INSERT INTO bench_baseline (payload) VALUES ($1)', [JSON.stringify(payload(i))]);
      await s.appendToStream(`warm-${i % 4}`, [ours(i)], { expectedRevision: 'any' });
      await emmett.appendToStream(`warm-${i % 4}`, [theirs(i)]);
    }
    const baselineClients = await Promise.all(Array.from({ length: APPENDERS }, () => rawPool.connect()));
    const insert = (w: number, i: number) =>
      baselineClients[w].query('INSERT INTO bench_baseline (payload) VALUES ($1)', [JSON.stringify(payload(i))]).then(() => 1);
    const rows: Array<{ group: string; baseline: Phase; phases: Phase[] }> = [];
    try {
      const raw1 = await timed('raw INSERT commits, 1 connection', 1, insert);
      rows.push({
        group: '1 appender, 1 event per append',
        baseline: raw1,
        phases: [
          await timed('ours', 1, (_w, i) => s.appendToStream(`one-${i % 100}`, [ours(i)], { expectedRevision: 'any' }).then(() => 1)),
          await timed('Emmett', 1, (_w, i) => emmett.appendToStream(`one-${i % 100}`, [theirs(i)]).then(() => 1)),
        ],
      });
      const raw8 = await timed(`raw INSERT commits, ${APPENDERS} connections`, APPENDERS, insert);
      const ourRevisions = new Map<string, number>();
      const theirRevisions = new Map<string, bigint>();
      rows.push({
        group: `${APPENDERS} appenders, distinct streams, expected revision, 1 event per append`,
        baseline: raw8,
        phases: [
          await timed('ours', APPENDERS, async (w, i) => {
            const stream = `eight-w${w}s${i % 50}`;
            const r = await s.appendToStream(stream, [ours(i)], { expectedRevision: ourRevisions.get(stream) ?? 'no_stream' });
            ourRevisions.set(stream, r.nextExpectedRevision);
            return 1;
          }),
          await timed('Emmett', APPENDERS, async (w, i) => {
            const stream = `eight-w${w}s${i % 50}`;
            const r = await emmett.appendToStream(stream, [theirs(i)], { expectedStreamVersion: theirRevisions.get(stream) ?? 'STREAM_DOES_NOT_EXIST' });
            theirRevisions.set(stream, r.nextExpectedStreamVersion);
            return 1;
          }),
        ],
      });
      rows.push({
        group: `1 appender, ${BATCH} events per append (events/s)`,
        baseline: raw1,
        phases: [
          await timed('ours', 1, (_w, i) =>
            s
              .appendToStream(
                `batch-${i % 20}`,
                Array.from({ length: BATCH }, (_, k) => ours(k)),
                { expectedRevision: 'any' },
              )
              .then(() => BATCH),
          ),
          await timed('Emmett', 1, (_w, i) =>
            emmett
              .appendToStream(
                `batch-${i % 20}`,
                Array.from({ length: BATCH }, (_, k) => theirs(k)),
              )
              .then(() => BATCH),
          ),
        ],
      });
    } finally {
      for (const c of baselineClients) c.release();
    }
    const readAllOurs = async () => {
      const started = performance.now();
      let count = 0;
      let after: Parameters<EventStore['readAll']>[0] = 'start';
      for (;;) {
        const batch = await s.readAll(after, READ_BATCH);
        if (batch.length === 0) break;
        count += batch.length;
        after = batch[batch.length - 1].position;
      }
      return { label: 'ours (readAll)', count, ms: performance.now() - started };
    };
    const readAllTheirs = async () => {
      const started = performance.now();
      let count = 0;
      let after = 0n;
      for (;;) {
        const r = await readMessagesBatch(emmettReader.execute, { after, batchSize: READ_BATCH });
        count += r.messages.length;
        after = r.currentGlobalPosition;
        if (!r.areMessagesLeft || r.messages.length === 0) break;
      }
      return { label: 'Emmett (readMessagesBatch)', count, ms: performance.now() - started };
    };
    const oursRead = await readAllOurs();
    const theirsRead = await readAllTheirs();

    const lines = [
      `Event store: ours vs Emmett 0.42 vs raw INSERT commits (PostgreSQL ${settings.get('server_version')}, fsync=${settings.get('fsync')}, synchronous_commit=${settings.get('synchronous_commit')}; ${PHASE_MS / 1000} s per phase)`,
    ];
    for (const row of rows) {
      const [o, t] = row.phases;
      lines.push(`  ${row.group}`);
      lines.push(`    ${row.baseline.label.padEnd(38)} ${rate(row.baseline).toFixed(0).padStart(7)}/s`);
      for (const p of row.phases)
        lines.push(`    ${p.label.padEnd(38)} ${rate(p).toFixed(0).padStart(7)}/s  ${(rate(p) / rate(row.baseline)).toFixed(2)}x raw`);
      lines.push(`    ours / Emmett: ${(rate(o) / rate(t)).toFixed(2)}x`);
    }
    lines.push(`  catch-up read of the whole log, ${READ_BATCH} per batch (events/s)`);
    for (const p of [oursRead, theirsRead]) lines.push(`    ${p.label.padEnd(38)} ${rate(p).toFixed(0).padStart(7)}/s  (${p.count} events)`);
    lines.push(`    ours / Emmett: ${(rate(oursRead) / rate(theirsRead)).toFixed(2)}x`);
    return lines.join('\n');
  } finally {
    await store?.close();
    await emmett.close();
    await emmettReader.close();
    await listener.close();
    await rawPool.end();
    await pool.end();
    await db.drop();
  }
}
