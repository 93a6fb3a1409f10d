import pg from 'pg';
import { DEMO } from '../../../server/seed/demo';
import { rebuildReadModels } from '../../../projections/rebuild';
import { registeredReadModels } from '../../../server/composition-root';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

// The swap puts each rebuilt shadow table in its live table's place: readers wait only for the moves, a reader holding
// a table makes the swap let go and try again, and the live tables' keys, indexes and statistics are all there after.
jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const admin = await s.login(DEMO.admin.email);
  const member = await quickMember(s);
  for (let i = 0; i < 5; i++) {
    const r = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 7, description: 'Before a rebuild', idempotencyKey: `rebuild-swap-${i}` },
    });
    expect(r.status).toBe(201);
  }
});
afterAll(() => s.stop());

const models = () => registeredReadModels(s.runtime.deps.settings);
const tables = () => [...new Set(models().flatMap((p) => p.tables))].sort();

/** Every key, unique constraint and index of the read-model tables, by name, as PostgreSQL defines it. */
const keysAndIndexes = async (pool: pg.Pool) => [
  ...(
    await pool.query<{ def: string }>(`SELECT indexname || ' ' || indexdef AS def FROM pg_indexes WHERE tablename = ANY($1) ORDER BY 1`, [tables()])
  ).rows.map((r) => r.def),
  ...(
    await pool.query<{ def: string }>(
      `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid::regclass::text = ANY($1) AND contype IN ('p', 'u') ORDER BY 1`,
      [tables()],
    )
  ).rows.map((r) => r.def),
];

/** Every column given a statistics target of its own (a migration's SET STATISTICS), as table.column=target. */
const statisticsTargets = async (pool: pg.Pool) =>
  (
    await pool.query<{ target: string }>(
      `SELECT attrelid::regclass::text || '.' || attname || '=' || attstattarget AS target FROM pg_attribute
       WHERE attrelid::regclass::text = ANY($1) AND attnum > 0 AND NOT attisdropped AND attstattarget >= 0 ORDER BY 1`,
      [tables()],
    )
  ).rows.map((r) => r.target);

it('leaves every key, index and statistics target of the live tables under its own name, and the rebuilt tables with statistics', async () => {
  const pool = s.runtime.deps.pool;
  const before = await keysAndIndexes(pool);
  // An activity's detail goes without statistics (migration 0964): the ANALYZE before the swap skips it too.
  const targets = await statisticsTargets(pool);
  expect(targets).toContain('rm_activity.detail=0');
  const oids = await pool.query<{ oid: number }>(`SELECT 'rm_point_lots'::regclass::oid AS oid`);
  await rebuildReadModels(pool, s.runtime.deps.store, models());
  expect(await keysAndIndexes(pool)).toEqual(before);
  expect(await statisticsTargets(pool)).toEqual(targets);
  // The rebuilt table itself took the live one's place (its rows were not copied into the old table).
  const after = await pool.query<{ oid: number }>(`SELECT 'rm_point_lots'::regclass::oid AS oid`);
  expect(after.rows[0].oid).not.toBe(oids.rows[0].oid);
  const analyzed = await pool.query<{ relname: string }>(`SELECT relname FROM pg_stat_user_tables WHERE relname = ANY($1) AND last_analyze IS NOT NULL`, [
    tables(),
  ]);
  expect(analyzed.rows.map((r) => r.relname).sort()).toEqual(tables());
  const lots = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rm_point_lots WHERE description = 'Before a rebuild'`);
  expect(lots.rows[0].n).toBe(5);
});

it('lets go when a reader holds a read model, tries again, and ends once the reader is done; other readers are not stuck behind it', async () => {
  const pool = s.runtime.deps.pool;
  const reader = new pg.Client({ connectionString: s.db.url });
  await reader.connect();
  const steps: string[] = [];
  try {
    await reader.query('BEGIN');
    await reader.query('SELECT count(*) FROM rm_member_points');
    let done = false;
    const rebuild = rebuildReadModels(pool, s.runtime.deps.store, models(), undefined, undefined, undefined, { onStep: (step) => steps.push(step) }).finally(
      () => (done = true),
    );
    for (
      const deadline = Date.now() + 20_000;
      !steps.some((step) => step.startsWith('the read models are in use'));
      await new Promise((r) => setTimeout(r, 50))
    )
      if (Date.now() > deadline) throw new Error(`the swap never let go: ${steps.join('; ')}`);
    // Between its attempts the swap holds no table: another reader gets its answer.
    const started = Date.now();
    const other = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_point_lots');
    expect(other.rows[0].n).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(done).toBe(false);
    await reader.query('COMMIT');
    await rebuild;
  } finally {
    await reader.end();
  }
  expect(steps.some((step) => step.startsWith('swap in rm_member_points'))).toBe(true);
  const lots = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rm_point_lots WHERE description = 'Before a rebuild'`);
  expect(lots.rows[0].n).toBe(5);
});
