import type { PracticeLoginAnswer } from '../../event-schemas/contract/session';
import { decoyHash, verifyPassword } from '../auth/passwords';
import type { Deps } from '../deps';
import { createPracticeSession } from './practice-sessions';

/**
 * Signs a practice's staff member in with their e-mail and password: the login answer with `practice` added, or
 * undefined for anything that is not an active staff account with that password. An unknown address still pays for a
 * hash, so the answer takes as long either way.
 */
export async function signInPracticeStaff(deps: Pick<Deps, 'pool' | 'settings'>, email: string, password: string): Promise<PracticeLoginAnswer | undefined> {
  const r = await deps.pool.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    role: 'PRACTICE_ADMIN' | 'FRONT_DESK';
    password_hash: string;
    practice_id: string;
    name: string;
  }>(
    `SELECT u.user_id, u.first_name, u.last_name, u.role, u.password_hash, u.practice_id, p.name
       FROM practice_users u JOIN practices p USING (practice_id)
      WHERE lower(u.email) = lower($1) AND u.status = 'ACTIVE' AND u.password_hash IS NOT NULL`,
    [email.trim()],
  );
  const row = r.rows[0];
  const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash(deps.settings.passwordHashCost)));
  if (!row || !ok) return undefined;
  const authToken = await createPracticeSession(deps.pool, Number(row.user_id));
  return {
    authToken,
    pax: { paxId: Number(row.user_id), firstName: row.first_name, lastName: row.last_name },
    events: [],
    practice: { practiceId: Number(row.practice_id), name: row.name, role: row.role },
  };
}
