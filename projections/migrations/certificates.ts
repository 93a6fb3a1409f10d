import type { Migration } from './migration';

export const certificateMigrations: Migration[] = [
  {
    id: '0300-certificates',
    sql: `
      CREATE TABLE rm_certificates (
        certificate_id uuid PRIMARY KEY,
        pax_id bigint NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        amount numeric(12, 2) NOT NULL,
        points_cost bigint NOT NULL,
        category_type text,
        display_category text NOT NULL,
        status text NOT NULL,
        expiration_date date NOT NULL,
        issued_at timestamptz NOT NULL,
        last_position_major numeric(20) NOT NULL,
        last_position_minor numeric(20) NOT NULL
      );
      -- A member's wallet, sorted by expiry either way, costs the same with ten members or ten million.
      CREATE INDEX rm_certificates_by_member ON rm_certificates (pax_id, expiration_date);
      -- The nightly expiry finds only what is still ACTIVE and past its date.
      CREATE INDEX rm_certificates_active_expiry ON rm_certificates (expiration_date) WHERE status = 'ACTIVE';
      CREATE INDEX rm_certificates_code ON rm_certificates (code);
    `,
  },
  {
    // No backfill and no rebuild: no event stored before this column existed carries a design, so null is exactly
    // what a rebuild from position 0 would write for every row already here.
    id: '0301-certificates-card-art',
    sql: `ALTER TABLE rm_certificates ADD COLUMN card_art_id text;`,
  },
  {
    // Null for every row already here is what a rebuild writes too: no event stored before CertificateIssued carried
    // campaignId has one. The partial index serves the nightly campaign reminders (server/campaigns/campaign-reminders-job.ts):
    // per campaign, the ACTIVE offers expiring within its reminder window, never a scan of every certificate.
    id: '0302-certificates-campaign',
    sql: `
      ALTER TABLE rm_certificates ADD COLUMN campaign_id bigint;
      CREATE INDEX rm_certificates_campaign_active ON rm_certificates (campaign_id, expiration_date) WHERE status = 'ACTIVE' AND campaign_id IS NOT NULL;
    `,
  },
  {
    // Null for every row already here is what a rebuild writes too: no CertificateIssued stored before carried a gift.
    id: '0303-certificates-gifts',
    sql: `
      ALTER TABLE rm_certificates
        ADD COLUMN gift_recipient_name text,
        ADD COLUMN gift_recipient_email text,
        ADD COLUMN gift_sender_name text,
        ADD COLUMN purchased_by bigint,
        ADD COLUMN claimed_at timestamptz;
      -- The gifts a member sent, claimed or not, whoever holds them now.
      CREATE INDEX rm_certificates_gifts_sent ON rm_certificates (purchased_by) WHERE gift_recipient_email IS NOT NULL;
    `,
  },
  {
    // Null for every row already here is what a rebuild writes too: no CertificateIssued stored before carried it.
    id: '0304-certificates-category-code',
    sql: `ALTER TABLE rm_certificates ADD COLUMN category_code text;`,
  },
  {
    // A certificate a treatment used (CertificateRedeemedOnTreatment). Null for every row already here is what a
    // rebuild writes too: no such event was stored before this column existed.
    id: '0305-certificates-redeemed-on-treatment',
    sql: `ALTER TABLE rm_certificates ADD COLUMN redeemed_on date, ADD COLUMN redeemed_treatment_id uuid;`,
  },
];
