import { assertParticipantExists } from '../../../server/participants/known-participants';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Counts the participant look-ups the pool is asked for. */
function countLookups(): { count: () => number; restore: () => void } {
  let n = 0;
  const original = db.pool.query.bind(db.pool);
  db.pool.query = ((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && text.includes('FROM participants')) n += 1;
    return (original as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof db.pool.query;
  return { count: () => n, restore: () => (db.pool.query = original as typeof db.pool.query) };
}

describe('known participants', () => {
  it('asks the database once for a participant that exists, and every time for one that does not (yet)', async () => {
    const watch = countLookups();
    try {
      await expect(assertParticipantExists(db.pool, 424242)).rejects.toMatchObject({ status: 404 });
      await expect(assertParticipantExists(db.pool, 424242)).rejects.toMatchObject({ status: 404 });
      expect(watch.count()).toBe(2);
      await db.pool.query(
        `INSERT INTO participants (pax_id, first_name, last_name, username, password_hash) VALUES (424242, 'Known', 'Member', 'known@example.com', 'x')`,
      );
      await assertParticipantExists(db.pool, 424242);
      await assertParticipantExists(db.pool, 424242);
      await assertParticipantExists(db.pool, 424242);
      expect(watch.count()).toBe(3);
    } finally {
      watch.restore();
    }
  });
});
