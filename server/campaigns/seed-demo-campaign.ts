import type pg from 'pg';
import { DEFAULT_TIME_ZONE } from '../config';
import { addDays, dateIn } from '../../event-schemas/calendar';
import { DEMO_EMAIL_TEMPLATES } from '../content/seed-email-templates';

/** The demo's e-mails (content entries of server/content/seed-email-templates.ts) and its reminder a week before expiry. */
export const DEMO_CAMPAIGN_MAIL = {
  templates: {
    newMemberTemplateId: DEMO_EMAIL_TEMPLATES.newMember,
    existingMemberTemplateId: DEMO_EMAIL_TEMPLATES.existingMember,
    expirationReminderTemplateId: DEMO_EMAIL_TEMPLATES.expirationReminder,
  },
  daysBeforeExpirationToSendReminder: 7,
};

/**
 * The demo's direct-response campaign: marketing code SPRING, a $25 offer certificate, open for a year from the day
 * the demo was seeded. Its marketing link is `/login?utm_id={id}&utm_campaign=spring` (README). Seeded once.
 */
export async function seedDemoCampaign(db: pg.Pool, log: (line: string) => void, now = new Date(), timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  await db.query(
    `INSERT INTO certificate_categories (code, name, nullify_awards, certificate_category_type, description, default_expiration_days)
     VALUES ('SPRING_OFFER', 'Spring Treatment Offer', false, NULL, 'A $25 offer toward a treatment, from the spring campaign.', 90) ON CONFLICT DO NOTHING`,
  );
  const existing = await db.query('SELECT 1 FROM dr_campaigns LIMIT 1');
  if (existing.rowCount) return;
  const today = dateIn(timeZone, now);
  const r = await db.query<{ id: string }>(
    `INSERT INTO dr_campaigns (campaign_name, status_type_code, mk_code, from_date, thru_date, certificate_category_code, certificate_amount, login_notification_required,
       templates, days_before_expiration_to_send_reminder)
     VALUES ('Spring offer (demo)', 'ACTIVE', 'SPRING', $1, $2, 'SPRING_OFFER', 25, true, $3, $4) RETURNING id`,
    [
      addDays(today, -1),
      addDays(today, 365),
      JSON.stringify({ createAccountTemplateId: null, ...DEMO_CAMPAIGN_MAIL.templates }),
      DEMO_CAMPAIGN_MAIL.daysBeforeExpirationToSendReminder,
    ],
  );
  log(`seeded demo campaign ${r.rows[0].id}: sign in through /login?utm_id=${r.rows[0].id}&utm_campaign=spring`);
}
