import { allMigrations } from '../../../server/composition-root';
import { migrate } from '../../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { seedDemoContent } from '../../../server/seed/demo-content';
import { seedOnce } from '../../../server/seed/seed-once';
import { seedEntries } from '../../../server/content/seed-entries';

/** The migrations this change adds: a database made before it has every other one. */
const NEW = [
  '0105-outbox-idempotency-key',
  '0106-participants-enrolled-campaign',
  '0302-certificates-campaign',
  '0603-content-sample-email-templates',
  '0901-demo-campaign-mail',
];

const dbs: TestDatabase[] = [];
afterAll(() => Promise.all(dbs.map((d) => d.drop())));

/**
 * A database as the previous build left it: the demo campaign as it was seeded then, the sample content (now seeded by
 * the embedded default, once: server/seed/demo-content.ts) without e-mail templates.
 */
async function oldDemoDatabase(templates: Record<string, string | null>) {
  const db = await createTestDatabase({ migrate: false });
  dbs.push(db);
  await migrate(
    db.pool,
    allMigrations().filter((m) => !NEW.includes(m.id)),
  );
  await seedOnce(db.pool, 'content-samples', async (c) => {
    for (const e of seedEntries.filter((x) => x.contentType !== 'emailTemplate'))
      await c.query('INSERT INTO content_entries (id, content_type, fields) VALUES ($1, $2, $3)', [e.id, e.contentType, JSON.stringify(e.fields)]);
  });
  await db.pool.query(
    `INSERT INTO certificate_categories (code, name, nullify_awards, certificate_category_type, default_expiration_days) VALUES ('SPRING_OFFER', 'Spring Treatment Offer', false, NULL, 90)`,
  );
  await db.pool.query(
    `INSERT INTO dr_campaigns (campaign_name, status_type_code, mk_code, from_date, thru_date, certificate_category_code, certificate_amount, templates)
     VALUES ('Spring offer (demo)', 'ACTIVE', 'SPRING', '2026-01-01', '2027-01-01', 'SPRING_OFFER', 25, $1)`,
    [JSON.stringify(templates)],
  );
  return db;
}

const demo = async (db: TestDatabase) =>
  (
    await db.pool.query<{ templates: Record<string, string | null>; days: number | null }>(
      `SELECT templates, days_before_expiration_to_send_reminder AS days FROM dr_campaigns`,
    )
  ).rows[0];

describe('upgrading a demo database made before campaign e-mails', () => {
  it('gives the untouched demo campaign the sample templates and a 7-day reminder, and content the templates', async () => {
    const db = await oldDemoDatabase({});
    // A sample an admin deleted before the upgrade stays deleted: the upgrade adds templates, nothing else.
    const deleted = await db.pool.query(`DELETE FROM content_entries WHERE id = (SELECT min(id) FROM content_entries) RETURNING id`);
    expect(deleted.rowCount).toBe(1);
    // The upgrade: the new migrations, then the embedded start's seeding.
    await migrate(db.pool, allMigrations());
    await seedDemoContent(db.pool, () => undefined);
    expect((await db.pool.query('SELECT 1 FROM content_entries WHERE id = $1', [deleted.rows[0].id])).rowCount).toBe(0);
    expect(await demo(db)).toEqual({
      templates: {
        newMemberTemplateId: 'spring-new-member',
        existingMemberTemplateId: 'spring-existing-member',
        expirationReminderTemplateId: 'spring-expiration-reminder',
      },
      days: 7,
    });
    const content = await db.pool.query(`SELECT fields->>'templateId' AS id FROM content_entries WHERE content_type = 'emailTemplate' ORDER BY 1`);
    expect(content.rows.map((r) => r.id)).toEqual(['spring-existing-member', 'spring-expiration-reminder', 'spring-new-member']);
  });

  it('leaves a demo campaign alone once an admin has set any template id', async () => {
    const chosen = { createAccountTemplateId: null, expirationReminderTemplateId: null, newMemberTemplateId: null, existingMemberTemplateId: 'admin-choice' };
    const db = await oldDemoDatabase(chosen);
    await migrate(db.pool, allMigrations());
    expect(await demo(db)).toEqual({ templates: chosen, days: null });
  });
});
