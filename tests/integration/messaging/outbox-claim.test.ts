import { claimDue } from '../../../server/messaging/outbox-queue';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// A message PostgreSQL stamps a few microseconds into the millisecond a dispatcher's clock reads is due for it.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('claimDue', () => {
  it('claims a message due within the millisecond of its now, and not one due in the next', async () => {
    await db.pool.query(
      `INSERT INTO outbox (channel, recipient, subject, body, next_attempt_at)
       VALUES ('email', 'same-ms@example.com', 'Same millisecond', 'b', '2026-01-01 00:00:00.000400+00'),
              ('email', 'next-ms@example.com', 'Next millisecond', 'b', '2026-01-01 00:00:00.001000+00')`,
    );
    const claimed = await claimDue(db.pool, { limit: 10, leaseMs: 60_000, now: new Date('2026-01-01T00:00:00.000Z'), domain: 'mail.test' });
    expect(claimed.map((c) => c.recipient)).toEqual(['same-ms@example.com']);
  });
});
