import { randomUUID } from 'node:crypto';
import { parsePosition } from '../../../event-schemas/store/position';
import { reportEntriesMigrations } from '../../../projections/migrations/report-entries';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, redeem } from '../ledger/ledger-helpers';

// The programme clock is the test's: a lot is awarded, partly redeemed and then expires on chosen Los Angeles dates.
let clock = new Date('2026-03-01T20:00:00Z');
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const MIGRATION = reportEntriesMigrations.find((m) => m.id === '1107-expired-entries-from-lots')!;
const query = <R extends object>(sql: string, values: unknown[] = []) => s.runtime.deps.pool.query<R & import('pg').QueryResultRow>(sql, values);
const lots = async (paxId: number) =>
  (await query<{ row: string }>('SELECT t::text AS row FROM rm_point_lots t WHERE pax_id = $1 ORDER BY lot_id', [paxId])).rows.map((r) => r.row);
const waitFor = async (position: string) => expect(await s.runtime.deps.progress.waitFor(parsePosition(position)!, 15_000)).toBe(true);

/** The tables as they were before the migration: lots without their expiry, and an expired entry of the report's own. */
async function asBefore(): Promise<void> {
  await query(`
    DROP INDEX rm_point_lots_expired;
    ALTER TABLE rm_point_lots DROP COLUMN expired_at, DROP COLUMN expired_points, DROP COLUMN expired_pos_major, DROP COLUMN expired_pos_minor;
    INSERT INTO rm_report_point_entries (measure, day, pos_major, pos_minor, pax_id, points) VALUES ('expired', '2026-03-12', 1, 1, 1, 5);
  `);
}

/**
 * A member with a lot of 500 that expires on 2026-03-10 (after a redemption took 100 of it) and one of 200 that does not:
 * answers the member and the expiry's place in the log.
 */
async function memberWithExpiry(): Promise<{ paxId: number; expiredAt: string }> {
  clock = new Date('2026-03-01T20:00:00Z');
  const m = await s.enroll({ firstName: 'Expired', lastName: 'Lots' });
  await award(s, admin.token, m.paxId, 500, '2026-03-10');
  await award(s, admin.token, m.paxId, 200);
  clock = new Date('2026-03-05T20:00:00Z');
  const redeemed = await redeem(s, m.token, m.paxId, 100);
  expect(redeemed.status).toBe(201);
  clock = new Date('2026-03-12T20:00:00Z');
  const expired = await s.call('POST', '/api/rest/admin/jobs/expire-points', { token: admin.token, body: {} });
  expect(expired.body).toMatchObject({ pointsExpired: expect.any(Number) });
  await waitFor(expired.body.position);
  return { paxId: m.paxId, expiredAt: expired.body.position };
}

describe('migration 1107 (expired entries from the lots)', () => {
  it('gives every expired lot its expiry as the read model writes it now, drops the expired rows, and the drill-down lists the expiry', async () => {
    const { paxId, expiredAt } = await memberWithExpiry();
    const written = await lots(paxId);
    const expiredLots = await query<{ points: string; major: string; minor: string }>(
      `SELECT expired_points AS points, expired_pos_major AS major, expired_pos_minor AS minor FROM rm_point_lots WHERE pax_id = $1 AND expired_at IS NOT NULL`,
      [paxId],
    );
    const place = parsePosition(expiredAt)!;
    // The job's position is its last append; this member's expiry is the only one, so it is that one.
    expect(expiredLots.rows).toEqual([{ points: '400', major: place.major.toString(), minor: place.minor.toString() }]);
    await asBefore();
    await query(MIGRATION.sql);
    expect(await lots(paxId)).toEqual(written);
    expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM rm_report_point_entries WHERE measure = 'expired'`)).rows[0].n).toBe(0);
    const entries = await s.call('GET', '/api/rest/admin/reports/points-flow/entries?measure=expired&from=2026-03-12&to=2026-03-12', { token: admin.token });
    expect(entries.status).toBe(200);
    expect(entries.body).toMatchObject({
      totalElements: 1,
      totalPoints: 400,
      items: [{ paxId, day: '2026-03-12', points: 400, eventType: 'PointsExpired', position: expiredAt }],
    });
  });

  it('replays member-points from the start where the log is not in this database', async () => {
    const { paxId } = await memberWithExpiry();
    const written = await lots(paxId);
    await asBefore();
    // As with EventStoreDB: no es_events table for the migration to read expiries from.
    await query('ALTER TABLE es_events RENAME TO es_events_elsewhere');
    try {
      await query(MIGRATION.sql);
      expect((await query<{ n: number }>('SELECT count(*)::int AS n FROM rm_point_lots')).rows[0].n).toBe(0);
      expect((await query<{ n: number }>(`SELECT count(*)::int AS n FROM projection_checkpoints WHERE name = 'member-points'`)).rows[0].n).toBe(0);
    } finally {
      await query('ALTER TABLE es_events_elsewhere RENAME TO es_events');
    }
    // The daemon replays it from the start (a new award wakes it) and writes the lots as they were, expiry and all.
    const after = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
      token: admin.token,
      body: { amount: 10, description: 'After the migration', idempotencyKey: randomUUID() },
    });
    expect(after.status).toBe(201);
    await waitFor(after.body.position);
    expect((await lots(paxId)).filter((row) => !row.includes('After the migration'))).toEqual(written);
  });
});
