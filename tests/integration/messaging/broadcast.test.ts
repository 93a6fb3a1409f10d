import pg from 'pg';
import { enqueueBroadcast } from '../../../server/messaging/broadcast';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

/** A campaign's mailing to every member, written in chunks that each commit on their own, once per member. */
describe('a campaign e-mail to every member', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    // The demo mailbox stays undelivered here, so what was written is what the outbox holds.
    s = await startTestServer({ messaging: { messageIdDomain: 'localhost', dispatch: false } });
    admin = (await s.login(DEMO.admin.email)).token;
    // 2,500 members straight into the tables (their sign-in is not under test), one with no e-mail address.
    await s.runtime.deps.pool.query(
      `WITH p AS (
         INSERT INTO participants (first_name, last_name, username, password_hash)
         SELECT 'Bulk' || n, 'Member', 'bulk' || n || '@example.com', 'x' FROM generate_series(1, 2500) n RETURNING pax_id, username
       )
       INSERT INTO participant_emails (pax_id, email_address, preferred) SELECT pax_id, username, 'Y' FROM p WHERE username <> 'bulk2500@example.com'`,
    );
  });
  afterAll(async () => {
    await s?.stop();
  });

  const count = async (key: string) =>
    (await s.runtime.deps.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE idempotency_key LIKE $1`, [`broadcast:${key}:%`])).rows[0].n;

  describe('when it is sent in chunks of 1,000', () => {
    it('commits each chunk before the next is read: another connection sees the first while the rest are still to come', async () => {
      const other = new pg.Pool({ connectionString: s.db.url, max: 1 });
      const seenAfterChunk: number[] = [];
      try {
        await enqueueBroadcast(
          s.runtime.deps.pool,
          s.runtime.deps.settings,
          { key: 'chunks', subject: 'Spring', body: 'Hello {firstName}' },
          {
            chunk: 1000,
            onChunk: async () => {
              seenAfterChunk.push(
                (await other.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE idempotency_key LIKE 'broadcast:chunks:%'`)).rows[0].n,
              );
            },
          },
        );
      } finally {
        await other.end();
      }
      // The first chunk's e-mails are visible to another connection before the next chunk is read.
      expect(seenAfterChunk[0]).toBeGreaterThanOrEqual(999);
      expect(seenAfterChunk.length).toBeGreaterThanOrEqual(3);
      expect(seenAfterChunk).toEqual([...seenAfterChunk].sort((a, b) => a - b));
    });
  });

  describe('when an admin sends it, with a member opted out, and sends it again', () => {
    it('writes one e-mail per member with an address and consent, personalised and with its own unsubscribe link', async () => {
      const optedOut = await s.enroll();
      const put = await s.call('PUT', `/api/rest/participants/${optedOut.paxId}/message-preferences`, {
        token: optedOut.token,
        body: { emailMarketing: false, smsMarketing: false },
      });
      await eventually(async () =>
        expect(
          (
            await s.call('GET', `/api/rest/participants/${optedOut.paxId}/message-preferences`, {
              token: optedOut.token,
              headers: { 'x-wait-for-position': put.body.position },
            })
          ).body.emailMarketing,
        ).toBe(false),
      );
      const eligible = (
        await s.runtime.deps.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM participants p WHERE NOT is_admin AND pax_id <> $1 AND EXISTS (SELECT 1 FROM participant_emails e WHERE e.pax_id = p.pax_id)`,
          [optedOut.paxId],
        )
      ).rows[0].n;
      const first = await s.call('POST', '/api/rest/admin/messages/broadcasts', {
        token: admin,
        body: { key: 'spring-2027', subject: 'Spring offers', body: 'Hello {firstName}, spring is here.' },
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ key: 'spring-2027', written: eligible });
      expect(await count('spring-2027')).toBe(eligible);
      const again = await s.call('POST', '/api/rest/admin/messages/broadcasts', {
        token: admin,
        body: { key: 'spring-2027', subject: 'Spring offers', body: 'Hello {firstName}, spring is here.' },
      });
      expect(again.body.written).toBe(0);
      expect(await count('spring-2027')).toBe(eligible);
      const one = await s.runtime.deps.pool.query(
        `SELECT body, kind, unsubscribe_url FROM outbox WHERE recipient = 'bulk7@example.com' AND idempotency_key LIKE 'broadcast:spring-2027:%'`,
      );
      expect(one.rows[0]).toMatchObject({
        kind: 'marketing',
        body: expect.stringMatching(/^Hello Bulk7, spring is here\.\n\n--\n.*\/unsubscribe\?token=\d+\.[\w-]{22}$/s),
      });
      expect(one.rows[0].unsubscribe_url).toMatch(/\/api\/rest\/messages\/unsubscribe\?token=\d+\.[\w-]{22}$/);
      expect(
        (await s.runtime.deps.pool.query(`SELECT 1 FROM outbox WHERE recipient = $1 AND idempotency_key LIKE 'broadcast:%'`, [optedOut.email])).rowCount,
      ).toBe(0);
    });

    it('refuses a bad key, naming the field, and members', async () => {
      const bad = await s.call('POST', '/api/rest/admin/messages/broadcasts', { token: admin, body: { key: 'Spring 2027!', subject: 'x', body: 'y' } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('body.key');
      const member = await s.enroll();
      expect((await s.call('POST', '/api/rest/admin/messages/broadcasts', { token: member.token, body: { key: 'k', subject: 'x', body: 'y' } })).status).toBe(
        403,
      );
    });
  });
});
