import type { Migration } from '../../projections/migrations/migration';
import { DEMO_CAMPAIGN_MAIL } from './seed-demo-campaign';

/**
 * Direct-response campaigns are configuration (a plain table, every change in config_audit). What a member gets
 * from one is a certificate, and that is an event on its own certificate stream (see claim-offer.ts).
 */
export const campaignMigrations: Migration[] = [
  {
    id: '0900-dr-campaigns',
    sql: `
      CREATE TABLE dr_campaigns (
        id bigserial PRIMARY KEY,
        campaign_name text NOT NULL,
        status_type_code text NOT NULL DEFAULT 'DRAFT' CHECK (status_type_code IN ('DRAFT', 'ACTIVE', 'ENDED')),
        mk_code text,
        from_date date,
        thru_date date,
        certificate_category_code text REFERENCES certificate_categories (code) ON UPDATE CASCADE,
        certificate_amount numeric(10, 2) CHECK (certificate_amount > 0),
        allow_reissuance boolean NOT NULL DEFAULT false,
        days_before_expiration_to_send_reminder integer CHECK (days_before_expiration_to_send_reminder >= 0),
        login_notification_required boolean NOT NULL DEFAULT true,
        templates jsonb NOT NULL DEFAULT '{}'::jsonb,
        is_patient_event boolean NOT NULL DEFAULT false,
        group_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (thru_date IS NULL OR from_date IS NULL OR thru_date >= from_date)
      );
      CREATE UNIQUE INDEX dr_campaigns_mk_code ON dr_campaigns (upper(mk_code)) WHERE mk_code IS NOT NULL;
    `,
  },
  {
    // A demo database seeded before campaign e-mails existed: its SPRING campaign gets the sample templates and reminder,
    // unless an admin has set any template id since (their choice stands). Nothing matches outside the demo.
    id: '0901-demo-campaign-mail',
    sql: `
      UPDATE dr_campaigns
      SET templates = templates || '${JSON.stringify(DEMO_CAMPAIGN_MAIL.templates)}'::jsonb,
        days_before_expiration_to_send_reminder = coalesce(days_before_expiration_to_send_reminder, ${DEMO_CAMPAIGN_MAIL.daysBeforeExpirationToSendReminder}),
        updated_at = now()
      WHERE upper(mk_code) = 'SPRING' AND campaign_name = 'Spring offer (demo)'
        AND coalesce(templates->>'createAccountTemplateId', templates->>'expirationReminderTemplateId', templates->>'newMemberTemplateId', templates->>'existingMemberTemplateId') IS NULL;
    `,
  },
  {
    // Which offers a patient event issued (server/campaigns/patient-event-offers.ts), so the tool can tell them from
    // offers claimed through the marketing link. One row per campaign and member: the member's one offer from it.
    id: '0902-dr-campaign-patient-offers',
    sql: `
      CREATE TABLE dr_campaign_patient_offers (
        campaign_id bigint NOT NULL REFERENCES dr_campaigns (id),
        pax_id bigint NOT NULL,
        certificate_id uuid NOT NULL UNIQUE,
        issued_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (campaign_id, pax_id)
      );
    `,
  },
];
