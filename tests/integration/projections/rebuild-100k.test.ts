import pg from 'pg';
import { readModels } from '../../../projections/registry';
import { settingsFromEnv } from '../../../server/config';

const allProjections = readModels(settingsFromEnv());
import { rebuildProjection } from '../../../projections/rebuild';
import { settle } from '../../support/settle';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { appendHistory, planHistory } from '../../support/generated-history';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

const TOTAL = 100_000;
let db: TestDatabase;
let pool: pg.Pool;
let listener: PgListener;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  // Durability is not under test: commits that skip the WAL flush let a loaded machine write the history quickly.
  await db.pool.query(`ALTER DATABASE "${new URL(db.url).pathname.slice(1)}" SET synchronous_commit = off`);
  pool = new pg.Pool({ connectionString: db.url, max: 20 });
  // A client still ending when the database is dropped WITH (FORCE) is ended by it: not an unhandled 'error'.
  pool.on('error', () => undefined);
  listener = new PgListener(db.url);
  store = await createPgEventStore(pool, listener);
});
afterAll(async () => {
  await listener.close();
  await pool.end();
  await db.drop();
});

/** Every read table, in a stable order; only columns written with now() are left out (they differ on a rebuild). */
const VOLATILE = new Set(['created_at', 'updated_at']);
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables = [...new Set([...allProjections.flatMap((p) => p.tables), 'member_live_messages'])].sort();
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const cols = await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    const kept = cols.rows.map((c) => c.column_name).filter((c) => !VOLATILE.has(c));
    // Ordering by every kept column is a total order, whatever the table's key.
    const list = kept.map((c) => `"${c}"`).join(', ');
    out[table] = (await pool.query(`SELECT ${list} FROM ${table} ORDER BY ${list}`)).rows;
  }
  return out;
}

describe('projection rebuild over a generated history', () => {
  it(`rebuilding every projection from ${TOTAL.toLocaleString('en-US')} events equals the live read models`, async () => {
    const started = performance.now();
    const plans = planHistory({ total: TOTAL, members: 2000 });
    expect(await appendHistory(store, plans)).toBe(TOTAL);
    expect(await store.countAll?.()).toBe(TOTAL);
    const appended = performance.now();

    // Live: each projection catches up as the daemon would, all at once.
    await Promise.all(allProjections.map((p) => settle(pool, store, p, { batch: 1000, expected: TOTAL })));
    const live = await snapshot();
    const caughtUp = performance.now();
    // The history is not trivial: every read model holds rows, and no balance went below zero.
    for (const table of Object.keys(live)) expect({ table, rows: live[table].length }).toEqual({ table, rows: expect.any(Number) });
    expect(live.rm_member_points.length).toBeGreaterThanOrEqual(1900);
    expect(live.rm_certificates.length).toBeGreaterThan(1000);
    expect(live.rm_activity.length).toBeGreaterThan(10_000);
    expect((await pool.query('SELECT count(*)::int AS n FROM rm_member_points WHERE balance < 0')).rows[0].n).toBe(0);

    // Each projection has its own checkpoint and tables, so they rebuild side by side, as an operator would run them.
    expect(await Promise.all(allProjections.map((p) => rebuildProjection(pool, store, p, undefined, 2000)))).toEqual(allProjections.map(() => TOTAL));
    const rebuilt = performance.now();
    expect(await snapshot()).toEqual(live);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `100k rebuild: generate+append ${seconds(appended - started)}, live catch-up ${seconds(caughtUp - appended)}, rebuild ${seconds(rebuilt - caughtUp)}, total ${seconds(performance.now() - started)}`,
    );
  }, 180_000);
});
