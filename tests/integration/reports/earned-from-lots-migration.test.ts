import { randomUUID } from 'node:crypto';
import { parsePosition } from '../../../event-schemas/store/position';
import { reportEntriesMigrations } from '../../../projections/migrations/report-entries';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { redeem } from '../ledger/ledger-helpers';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const MIGRATION = reportEntriesMigrations.find((m) => m.id === '0961-earned-entries-from-lots')!;
// The lots' expiry columns came later (1107): the tables before 0961 had none, and 1107 follows it.
const LATER = reportEntriesMigrations.find((m) => m.id === '1107-expired-entries-from-lots')!;
const migrate = async () => {
  await s.runtime.deps.pool.query(MIGRATION.sql);
  await s.runtime.deps.pool.query(LATER.sql);
};
const lots = async () =>
  (await s.runtime.deps.pool.query<{ row: string }>('SELECT t::text AS row FROM rm_point_lots t ORDER BY pax_id, lot_id')).rows.map((r) => r.row);

/** The tables as they were before the migration: lots without their award's place, and earned entries of their own. */
async function asBefore(): Promise<void> {
  await s.runtime.deps.pool.query(`
    DROP INDEX rm_point_lots_by_award;
    DROP INDEX rm_point_lots_expired;
    ALTER TABLE rm_point_lots DROP COLUMN pos_major, DROP COLUMN pos_minor,
      DROP COLUMN expired_at, DROP COLUMN expired_points, DROP COLUMN expired_pos_major, DROP COLUMN expired_pos_minor;
    ALTER TABLE rm_report_point_entries ADD COLUMN source text;
    INSERT INTO rm_report_point_entries (measure, day, pos_major, pos_minor, source, pax_id, points) VALUES ('earned', '2026-01-01', 1, 1, 'ADMIN', 1, 5);
  `);
}

/** A member with two awards, and a redemption that spends part of it, all applied. */
async function memberWithHistory(): Promise<number> {
  const admin = await s.login(DEMO.admin.email);
  const m = await s.enroll({ firstName: 'Migrated', lastName: 'Lots' });
  for (const amount of [400, 250]) {
    const award = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
      token: admin.token,
      body: { amount, description: 'Before the migration', idempotencyKey: randomUUID() },
    });
    expect(award.status).toBe(201);
  }
  const redeemed = await redeem(s, m.token, m.paxId, 100);
  expect(redeemed.status).toBe(201);
  expect(await s.runtime.deps.progress.waitFor(parsePosition(redeemed.body.position)!, 15_000)).toBe(true);
  return m.paxId;
}

describe('migration 0961 (earned entries from the lots)', () => {
  it('gives every lot already written its award’s place in the log, as the read model writes it now, and drops the earned rows', async () => {
    await memberWithHistory();
    const written = await lots();
    expect(written.length).toBeGreaterThan(1);
    await asBefore();
    await migrate();
    expect(await lots()).toEqual(written);
    const earned = await s.runtime.deps.pool.query(`SELECT count(*)::int AS n FROM rm_report_point_entries WHERE measure = 'earned'`);
    expect(earned.rows[0].n).toBe(0);
  });

  it('replays member-points from the start when a lot finds no award in the log', async () => {
    const paxId = await memberWithHistory();
    const written = await lots();
    await asBefore();
    // A lot no award of the log wrote: the migration cannot place it, so the read model is written again from the log.
    await s.runtime.deps.pool.query(
      `INSERT INTO rm_point_lots (pax_id, lot_id, amount, remaining, expiration_date, description, source, awarded_at)
       VALUES (1, 'no-such-award', 5, 5, '2030-01-01', 'stray', 'ADMIN', now())`,
    );
    await migrate();
    // The daemon replays it from the start (a new award wakes it) and ends where it was, without the stray lot.
    const after = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
      token: (await s.login(DEMO.admin.email)).token,
      body: { amount: 10, description: 'After the migration', idempotencyKey: randomUUID() },
    });
    expect(after.status).toBe(201);
    expect(await s.runtime.deps.progress.waitFor(parsePosition(after.body.position)!, 15_000)).toBe(true);
    const now = (await lots()).filter((row) => !row.includes('After the migration'));
    expect(now).toEqual(written);
  });
});
