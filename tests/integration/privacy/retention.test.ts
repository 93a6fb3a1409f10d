import { randomBytes } from 'node:crypto';
import { nightlyJobs } from '../../../server/composition-root';
import { purgeEndedCredentials } from '../../../server/privacy/retention-job';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const hash = () => randomBytes(32);
/** Rows of each kind, dead and alive, seeded relative to the database's own clock (the purge's). */
async function seed(paxId: number) {
  const pool = s.runtime.deps.pool;
  const rows = {
    endedSessions: [hash(), hash()],
    liveSessions: [hash()],
    oldResets: [hash()],
    liveResets: [hash()],
    oldConfirmations: [hash()],
    liveConfirmations: [hash()],
  };
  await pool.query(
    `INSERT INTO sessions (token_hash, pax_id, expires_at, revoked_at) VALUES
       ($1, $4, now() - interval '1 hour', NULL), ($2, $4, now() + interval '1 day', now() - interval '1 minute'), ($3, $4, now() + interval '1 day', NULL)`,
    [...rows.endedSessions, ...rows.liveSessions, paxId],
  );
  await pool.query(
    `INSERT INTO password_resets (token_hash, pax_id, expires_at, used_at) VALUES ($1, $3, now() - interval '1 minute', NULL), ($2, $3, now() + interval '1 hour', now())`,
    [...rows.oldResets, ...rows.liveResets, paxId],
  );
  await pool.query(
    `INSERT INTO email_confirmations (token_hash, pax_id, email_address, expires_at, used_at) VALUES
       ($1, $3, 'old-address@example.com', now() - interval '1 day', now() - interval '2 days'), ($2, $3, 'new-address@example.com', now() + interval '1 day', NULL)`,
    [...rows.oldConfirmations, ...rows.liveConfirmations, paxId],
  );
  await pool.query(
    `INSERT INTO login_failures (key, failed_at) VALUES ('account:old-guess@example.com', now() - interval '1 day'), ('account:recent-guess@example.com', now())`,
  );
  return rows;
}

const present = async (table: string, hashes: Buffer[]) =>
  Number((await s.runtime.deps.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE token_hash = ANY($1)`, [hashes])).rows[0]!.n);
const failures = async () => (await s.runtime.deps.pool.query<{ key: string }>('SELECT key FROM login_failures ORDER BY key')).rows.map((r) => r.key);

describe('the nightly purge of ended credentials', () => {
  it('deletes ended sessions, expired reset and confirmation links and stale throttle counts, and nothing that still works', async () => {
    const m = await s.enroll();
    const rows = await seed(m.paxId);
    const ran: Record<string, string[]>[] = [];
    // The server's own nightly jobs, as the scheduler runs them.
    for (const scheduler of nightlyJobs(s.runtime.deps)) ran.push(await scheduler.tick());
    expect(ran.some((r) => r['purge-ended-credentials']?.length === 1)).toBe(true);

    expect(await present('sessions', rows.endedSessions)).toBe(0);
    expect(await present('sessions', rows.liveSessions)).toBe(1);
    expect(await present('password_resets', rows.oldResets)).toBe(0);
    expect(await present('password_resets', rows.liveResets)).toBe(1);
    expect(await present('email_confirmations', rows.oldConfirmations)).toBe(0);
    expect(await present('email_confirmations', rows.liveConfirmations)).toBe(1);
    expect(await failures()).toEqual(['account:recent-guess@example.com']);
    // The member's own session, made at enrollment, still works.
    expect((await s.call('GET', '/api/rest/authenticate/keepalive', { token: m.token })).status).toBe(200);
    const summary = await s.runtime.deps.pool.query<{ result: Record<string, number> }>(`SELECT result FROM job_runs WHERE job = 'purge-ended-credentials'`);
    expect(summary.rows[0]!.result).toMatchObject({ sessions: expect.any(Number), passwordResets: 1, emailConfirmations: 1 });
    expect(summary.rows[0]!.result.sessions).toBeGreaterThanOrEqual(2);
  });

  it('works through more rows than one chunk, and a second run finds nothing', async () => {
    const m = await s.enroll();
    await s.runtime.deps.pool.query(
      `INSERT INTO sessions (token_hash, pax_id, expires_at) SELECT sha256(int4send(i)), $1, now() - interval '1 minute' FROM generate_series(1, 2500) i`,
      [m.paxId],
    );
    const first = await purgeEndedCredentials(s.runtime.deps.pool);
    expect(first.sessions).toBeGreaterThanOrEqual(2500);
    expect(await purgeEndedCredentials(s.runtime.deps.pool)).toEqual({
      sessions: 0,
      passwordResets: 0,
      emailConfirmations: 0,
      liveTickets: 0,
      throttleCounts: 0,
    });
  });
});
