import type { Migration } from '../../projections/migrations/migration';

/** Plain tables for people, sessions and mail: configuration-like data, not events (DESIGN.md "Write side"). */
export const platformMigrations: Migration[] = [
  {
    id: '0100-participants',
    sql: `
      CREATE TABLE participants (
        pax_id bigserial PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        username text NOT NULL,
        password_hash text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        postal_code text,
        date_of_birth date,
        ref_code text UNIQUE,
        referred_by bigint REFERENCES participants(pax_id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX participants_username ON participants (lower(username));
      CREATE TABLE participant_emails (
        id bigserial PRIMARY KEY,
        pax_id bigint NOT NULL REFERENCES participants(pax_id),
        email_address text NOT NULL,
        preferred char(1) NOT NULL DEFAULT 'N' CHECK (preferred IN ('Y','N'))
      );
      CREATE INDEX participant_emails_pax ON participant_emails (pax_id);
      CREATE TABLE participant_phones (
        id bigserial PRIMARY KEY,
        pax_id bigint NOT NULL REFERENCES participants(pax_id),
        phone text NOT NULL,
        preferred char(1) NOT NULL DEFAULT 'N' CHECK (preferred IN ('Y','N'))
      );
      CREATE INDEX participant_phones_pax ON participant_phones (pax_id);
    `,
  },
  {
    id: '0101-sessions',
    sql: `
      -- Only a hash of each token is kept: a leaked table cannot be replayed as sessions.
      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        pax_id bigint NOT NULL REFERENCES participants(pax_id),
        admin_pax_id bigint REFERENCES participants(pax_id),
        admin_token_hash bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX sessions_pax ON sessions (pax_id);
      CREATE TABLE login_failures (
        key text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX login_failures_key ON login_failures (key, failed_at);
      CREATE TABLE password_resets (
        token_hash bytea PRIMARY KEY,
        pax_id bigint NOT NULL REFERENCES participants(pax_id),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE live_tickets (
        ticket_hash bytea PRIMARY KEY,
        token_hash bytea NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    id: '0102-outbox-and-audit',
    sql: `
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('email','sms')),
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX outbox_recipient ON outbox (recipient, id DESC);
      -- Changes to configuration tables (products, categories, surveys...), readable by admins.
      CREATE TABLE config_audit (
        id bigserial PRIMARY KEY,
        entity text NOT NULL,
        entity_id text NOT NULL,
        action text NOT NULL,
        actor jsonb NOT NULL,
        before jsonb,
        after jsonb,
        occurred_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX config_audit_entity ON config_audit (entity, entity_id, id);
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        status int NOT NULL,
        body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      );
    `,
  },
  {
    id: '0103-practices',
    sql: `
      CREATE TABLE practices (
        practice_id bigserial PRIMARY KEY,
        name text NOT NULL,
        address text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        latitude double precision,
        longitude double precision
      );
      -- Keys are stored hashed; a practice may hold several, each revocable on its own.
      CREATE TABLE practice_api_keys (
        api_key_id bigserial PRIMARY KEY,
        practice_id bigint NOT NULL REFERENCES practices(practice_id),
        key_hash bytea NOT NULL UNIQUE,
        label text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
    `,
  },
  {
    id: '0104-referred-by-index',
    // The refer-a-friend page lists a member's referred friends; without it that read scans every participant.
    sql: `CREATE INDEX participants_referred_by ON participants (referred_by) WHERE referred_by IS NOT NULL;`,
  },
  {
    // A message that must go out once whatever retries, crashes or concurrent runs cause (campaign e-mails) carries a
    // key; the unique index is what makes "once" hold across processes, enqueue() skipping a second insert.
    id: '0105-outbox-idempotency-key',
    sql: `
      ALTER TABLE outbox ADD COLUMN idempotency_key text;
      CREATE UNIQUE INDEX outbox_idempotency_key ON outbox (idempotency_key) WHERE idempotency_key IS NOT NULL;
    `,
  },
  {
    // The campaign whose marketing link a member enrolled through: a lasting fact, so the campaign's new-member
    // e-mail is chosen the same way by the enrollment's claim and by any retry of it (server/campaigns/campaign-mail.ts).
    id: '0106-participants-enrolled-campaign',
    sql: `ALTER TABLE participants ADD COLUMN enrolled_campaign_id bigint;`,
  },
  {
    id: '0107-participants-welcome-certificate',
    sql: `
      -- The welcome certificate a member was promised at enrollment (a category code; null: none). Written in the
      -- enrollment's transaction, so a crash before the certificate is issued only delays it to the next sign-in.
      ALTER TABLE participants ADD COLUMN welcome_category_code text;
    `,
  },
  {
    id: '0108-email-confirmations',
    sql: `
      -- A new e-mail address waits here until its link is followed; only the token's hash is kept.
      CREATE TABLE email_confirmations (
        token_hash bytea PRIMARY KEY,
        pax_id bigint NOT NULL REFERENCES participants(pax_id),
        email_address text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX email_confirmations_by_member ON email_confirmations (pax_id);
    `,
  },
  {
    // Demo data is seeded by the embedded default in batches, each once per database (server/seed/seed-once.ts). The
    // batches earlier builds wrote through migrations are marked done where those migrations ran, so an upgrade does
    // not bring back a sample an admin has deleted since.
    id: '0109-seed-marks',
    sql: `
      CREATE TABLE seed_marks (batch text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
      INSERT INTO seed_marks (batch) SELECT 'content-samples' WHERE EXISTS (SELECT 1 FROM schema_migrations WHERE id IN ('0601-content-sample-entries', '0602-content-sample-entries-2'));
      INSERT INTO seed_marks (batch) SELECT 'content-email-templates' WHERE EXISTS (SELECT 1 FROM schema_migrations WHERE id = '0603-content-sample-email-templates');
      INSERT INTO seed_marks (batch) SELECT 'gift-card-art' WHERE EXISTS (SELECT 1 FROM schema_migrations WHERE id = '0701-gift-card-art-content');
      INSERT INTO seed_marks (batch) SELECT 'specialist-practices' WHERE EXISTS (SELECT 1 FROM schema_migrations WHERE id = '0610-specialist-practices');
    `,
  },
  {
    // Whether the member followed a link to the address (issue 54, item 10): the welcome e-mail's for the address they
    // joined with, the profile's for one they add. Addresses already here predate the check and count as confirmed,
    // so no member of before is reminded of a link they were never sent.
    id: '0110-participant-emails-confirmed',
    sql: `
      ALTER TABLE participant_emails ADD COLUMN confirmed_at timestamptz, ADD COLUMN reminded_at timestamptz;
      UPDATE participant_emails SET confirmed_at = now();
    `,
  },
];
