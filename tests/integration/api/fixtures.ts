import { randomUUID } from 'node:crypto';
import { createSession } from '../../../server/auth/sessions';
import type { TestServer } from '../../support/test-server';

/**
 * A signed-in member made straight in the database: no password hash to compute (enrolment costs a memory-hard
 * hash, ~0.1-0.4 s), for tests about what members do rather than how they join. The account cannot sign in with a
 * password. Enrolment itself is tested through the API in enrollment.test.ts.
 */
export async function quickMember(
  s: TestServer,
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ token: string; paxId: number; email: string }> {
  const email = `quick-${randomUUID()}@example.com`;
  const pool = s.runtime.deps.pool;
  const r = await pool.query<{ pax_id: string }>(
    `INSERT INTO participants (first_name, last_name, username, password_hash, postal_code, date_of_birth, ref_code)
     VALUES ($1, $2, $3, 'unusable', '92612', '1990-01-01', $4) RETURNING pax_id`,
    [names.firstName ?? 'Quick', names.lastName ?? 'Member', email, randomUUID()],
  );
  const paxId = Number(r.rows[0].pax_id);
  await pool.query(`INSERT INTO participant_emails (pax_id, email_address, preferred) VALUES ($1, $2, 'Y')`, [paxId, email]);
  return { token: await createSession(pool, paxId), paxId, email };
}
