import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { parsePosition } from '../../../event-schemas/store/position';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { redeem } from '../ledger/ledger-helpers';
import { tablesHolding } from './table-scan';

/*
 * Issue 25, README "Backups": a database restored from a backup taken before an erasure, with the newer log (which
 * holds the MemberErased), is made to say again what it said after the erasure by `npm run privacy:reapply-erasures`.
 * The backup is simulated in the database itself: every table but the log's copied aside before the erasure, and
 * copied back over the live ones after it (the member key included: the bad case, keys restored with the tables).
 */

jest.setTimeout(180_000);
const run = promisify(execFile);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  // The test stops the server's runtime half-way (the command refuses to run beside a server); the teardown's stop
  // must not stop it twice.
  const stopRuntime = s.runtime.stop.bind(s.runtime);
  let stopped: Promise<void> | undefined;
  s.runtime.stop = () => (stopped ??= stopRuntime());
});
afterAll(() => s.stop());

const LOG_TABLES = new Set(['es_events', 'es_streams']);

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const publicTables = async (c: pg.Client) =>
  (await c.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows
    .map((r) => r.name)
    .filter((n) => !LOG_TABLES.has(n));

/** Copies every table but the log's into the `backup` schema. */
const takeBackup = (url: string) =>
  withClient(url, async (c) => {
    await c.query('CREATE SCHEMA backup');
    for (const t of await publicTables(c)) await c.query(`CREATE TABLE backup."${t}" AS SELECT * FROM public."${t}"`);
  });

/** Puts the backup's rows back in place of the live ones, then removes the backup (a real one lives elsewhere). */
const restoreBackup = (url: string) =>
  withClient(url, async (c) => {
    const tables = await publicTables(c);
    await c.query('BEGIN');
    // As a restore does (pg_restore loads the tables, then checks): the rows go back in any order.
    await c.query('SET LOCAL session_replication_role = replica');
    await c.query(`TRUNCATE ${tables.map((t) => `public."${t}"`).join(', ')}`);
    for (const t of tables) await c.query(`INSERT INTO public."${t}" OVERRIDING SYSTEM VALUE SELECT * FROM backup."${t}"`);
    await c.query('DROP SCHEMA backup CASCADE');
    await c.query('COMMIT');
  });

const reapply = () =>
  run('npm', ['run', '--silent', 'privacy:reapply-erasures'], { env: { ...process.env, DATABASE_URL: s.db.url }, cwd: process.cwd(), timeout: 120_000 });

describe('npm run privacy:reapply-erasures', () => {
  it('after a restore from before an erasure, removes again everything the erasure removed, and a second run changes nothing', async () => {
    const admin = await s.login(DEMO.admin.email);
    const tag = randomUUID().replace(/[-\d]/g, '').slice(0, 6);
    const firstName = `Restorina${tag}`;
    const lastName = `Backupsen${tag}`;
    const m = await s.enroll({ firstName, lastName, phone: '213-555-0193' });
    const phone = '2135550193';
    expect(
      (await s.call('PUT', `/api/rest/participants/${m.paxId}/profile`, { token: m.token, body: { firstName, lastName, postalCode: '92614' } })).status,
    ).toBe(200);
    const award = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
      token: admin.token,
      body: { amount: 300, description: `Goodwill for ${firstName} ${lastName}`, idempotencyKey: randomUUID() },
    });
    expect(award.status).toBe(201);
    const redeemed = await redeem(s, m.token, m.paxId, 100);
    expect(redeemed.status).toBe(201);
    expect(await s.runtime.deps.progress.waitFor(parsePosition(redeemed.body.position)!, 15_000)).toBe(true);
    const needles = [firstName, lastName, m.email, phone];

    await takeBackup(s.db.url);
    const erased = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, {
      token: admin.token,
      body: { reason: 'Deletion request, ticket 9001' },
    });
    expect(erased.status).toBe(202);
    expect(await s.runtime.deps.progress.waitFor(parsePosition(erased.body.position)!, 15_000)).toBe(true);
    const pool = s.runtime.deps.pool;
    expect(await tablesHolding(pool, needles)).toEqual(Object.fromEntries(needles.map((n) => [n, []])));

    // The server stops; the backup is restored under the newer log.
    await s.runtime.stop();
    await restoreBackup(s.db.url);
    const restored = await withClient(s.db.url, async (c) => ({
      key: (await c.query('SELECT key IS NOT NULL AS held FROM member_keys WHERE pax_id = $1', [m.paxId])).rows[0],
      erasedAt: (await c.query('SELECT erased_at FROM participants WHERE pax_id = $1', [m.paxId])).rows[0].erased_at,
      sessions: Number((await c.query('SELECT count(*) AS n FROM sessions WHERE pax_id = $1', [m.paxId])).rows[0].n),
    }));
    // The restore brought the member back: their key, their row unmarked, a session, and their data in the tables.
    expect(restored).toEqual({ key: { held: true }, erasedAt: null, sessions: 1 });
    const scan = new pg.Pool({ connectionString: s.db.url, max: 2 });
    try {
      const before = await tablesHolding(scan, needles);
      expect(before[firstName]).toEqual(expect.arrayContaining(['participants', 'rm_point_lots']));
      expect(before[m.email]).toEqual(expect.arrayContaining(['participant_emails']));
      expect(before[phone]).toEqual(expect.arrayContaining(['participant_phones']));
    } finally {
      await scan.end();
    }

    const first = await reapply();
    expect(first.stderr).toMatch(/erased members .*1\/1/);
    expect(first.stderr).toMatch(
      /1 member\(s\) erased in the log: 1 re-erased \(\d+ row\(s\) and key\(s\) removed again\), 0 already erased, 0 without a row; read models replayed [1-9]\d* event\(s\)/,
    );

    const readBack = async () => {
      const pool = new pg.Pool({ connectionString: s.db.url, max: 2 });
      try {
        return {
          scan: await tablesHolding(pool, needles),
          key: (await pool.query('SELECT key, destroyed_at IS NOT NULL AS destroyed FROM member_keys WHERE pax_id = $1', [m.paxId])).rows,
          participant: (await pool.query('SELECT username, password_hash, erased_at IS NOT NULL AS erased FROM participants WHERE pax_id = $1', [m.paxId]))
            .rows,
          sessions: (await pool.query('SELECT 1 FROM sessions WHERE pax_id = $1', [m.paxId])).rowCount,
          lots: (await pool.query('SELECT DISTINCT description FROM rm_point_lots WHERE pax_id = $1', [m.paxId])).rows,
          active: (await pool.query(`SELECT 1 FROM rm_certificates WHERE pax_id = $1 AND status = 'ACTIVE'`, [m.paxId])).rowCount,
        };
      } finally {
        await pool.end();
      }
    };
    const after = await readBack();
    expect(after).toEqual({
      scan: Object.fromEntries(needles.map((n) => [n, []])),
      key: [{ key: null, destroyed: true }],
      participant: [{ username: `erased-member-${m.paxId}`, password_hash: '', erased: true }],
      sessions: 0,
      lots: [{ description: '[erased]' }],
      active: 0,
    });

    // Idempotent: a second run finds nothing left to do and changes nothing.
    const second = await reapply();
    expect(second.stderr).toMatch(
      /1 member\(s\) erased in the log: 0 re-erased \(0 row\(s\) and key\(s\) removed again\), 1 already erased, 0 without a row; read models replayed 0 event\(s\); 0 certificate\(s\) voided/,
    );
    expect(await readBack()).toEqual(after);
  });
});
