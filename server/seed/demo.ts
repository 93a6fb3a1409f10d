import type pg from 'pg';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from '../auth/passwords';
import { addApiKey } from '../practices/api-keys';
import { hashToken } from '../auth/tokens';
import { seedOnce } from './seed-once';
import type { EventStore } from '../../event-schemas/store/event-store';
import { seedDemoPromotion } from './demo-promotion';
import { seedDemoSurveys } from './demo-surveys';
import { seedDemoProducts } from './demo-products';
import { seedGiftCategories } from '../gift-certificates/seed-gift-categories';
import { seedDemoCampaign } from '../campaigns';
import { DEFAULT_TIME_ZONE, type ProgrammeSettings } from '../config';
import { seedWelcomeCategory } from './demo-welcome';
import { seedDemoContent } from './demo-content';

/** Demo accounts of CONTRACT.md. They exist only in the embedded default, never with a configured DATABASE_URL. */
export const DEMO = {
  password: 'Rewards-demo-1',
  admin: { email: 'admin@example.com', firstName: 'Avery', lastName: 'Admin' },
  member: { email: 'member@example.com', firstName: 'Morgan', lastName: 'Member' },
  practiceKey: 'demo-practice-key',
  practiceAdmin: { email: 'practice@example.com', firstName: 'Parker', lastName: 'Practice' },
};

/** With `store`, also the demo promotion (its facts are events, so it needs the event store). */
export async function seedDemo(
  db: pg.Pool,
  log: (line: string) => void,
  store?: EventStore,
  settings: Pick<ProgrammeSettings, 'timeZone' | 'passwordHashCost'> = { timeZone: DEFAULT_TIME_ZONE, passwordHashCost: DEFAULT_PASSWORD_HASH_COST },
): Promise<boolean> {
  const { timeZone } = settings;
  await seedDemoContent(db, log);
  await seedDemoSurveys(db, log);
  await seedDemoProducts(db, log);
  await seedGiftCategories(db, log);
  if (store) await seedDemoPromotion(db, store, log);
  await seedDemoCampaign(db, log, new Date(), timeZone);
  await seedWelcomeCategory(db, log);
  const existing = await db.query('SELECT 1 FROM participants LIMIT 1');
  if (existing.rowCount) {
    await seedDemoPracticeStaff(db, settings, log);
    return false;
  }
  const hash = await hashPassword(DEMO.password, settings.passwordHashCost);
  for (const [who, isAdmin] of [
    [DEMO.admin, true],
    [DEMO.member, false],
  ] as const) {
    const r = await db.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin, postal_code, date_of_birth, ref_code)
       VALUES ($1, $2, $3, $4, $5, '92612', '1988-04-12', $6) RETURNING pax_id`,
      [who.firstName, who.lastName, who.email, hash, isAdmin, isAdmin ? 'ADMINREF' : 'MEMBERREF'],
    );
    await db.query(`INSERT INTO participant_emails (pax_id, email_address, preferred) VALUES ($1, $2, 'Y')`, [r.rows[0].pax_id, who.email]);
    if (!isAdmin) await db.query(`INSERT INTO participant_phones (pax_id, phone, preferred) VALUES ($1, '9495550142', 'Y')`, [r.rows[0].pax_id]);
  }
  const practice = await db.query<{ practice_id: string }>(
    `INSERT INTO practices (name, address, postal_code, phone, latitude, longitude)
     VALUES ('Harbor Aesthetics Demo Practice', '100 Example Way, Irvine, CA', '92612', '9495550100', 33.6846, -117.8265) RETURNING practice_id`,
  );
  await addApiKey(db, Number(practice.rows[0].practice_id), DEMO.practiceKey, 'demo');
  log('seeded demo participants and practice');
  await seedDemoPracticeStaff(db, settings, log);
  return true;
}

/** The demo practice's administrator (CONTRACT.md, "Practices"), once, on a database that has the demo practice. */
async function seedDemoPracticeStaff(db: pg.Pool, settings: Pick<ProgrammeSettings, 'passwordHashCost'>, log: (line: string) => void): Promise<void> {
  const practice = await db.query<{ practice_id: string }>('SELECT practice_id FROM practice_api_keys WHERE key_hash = $1', [hashToken(DEMO.practiceKey)]);
  if (!practice.rowCount) return;
  const seeded = await seedOnce(db, 'demo-practice-staff', async (c) => {
    const who = DEMO.practiceAdmin;
    const hash = await hashPassword(DEMO.password, settings.passwordHashCost);
    await c.query(
      `INSERT INTO practice_users (practice_id, email, first_name, last_name, role, status, password_hash) VALUES ($1, $2, $3, $4, 'PRACTICE_ADMIN', 'ACTIVE', $5)`,
      [practice.rows[0].practice_id, who.email, who.firstName, who.lastName, hash],
    );
  });
  if (seeded) log('seeded the demo practice administrator');
}
