import type { Migration } from '../../projections/migrations/migration';

/** The practice side's own tables (server/practices/): its staff, their invitations and sessions, the member codes' key. */
export const practiceMigrations: Migration[] = [
  {
    id: '1201-practice-staff',
    sql: `
      ALTER TABLE practices ADD COLUMN city text NOT NULL DEFAULT '', ADD COLUMN state text NOT NULL DEFAULT '';
      -- Staff of one practice. They are not participants: no member list, count or report ever sees them.
      CREATE TABLE practice_users (
        user_id bigserial PRIMARY KEY,
        practice_id bigint NOT NULL REFERENCES practices(practice_id),
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('PRACTICE_ADMIN', 'FRONT_DESK')),
        status text NOT NULL DEFAULT 'INVITED' CHECK (status IN ('INVITED', 'ACTIVE', 'REMOVED')),
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- One live account an address; a removed one may be invited again.
      CREATE UNIQUE INDEX practice_users_email ON practice_users (lower(email)) WHERE status <> 'REMOVED';
      CREATE INDEX practice_users_practice ON practice_users (practice_id);
      -- Only hashes: a leaked table can neither accept an invitation nor be replayed as a session.
      CREATE TABLE practice_invitations (
        token_hash bytea PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES practice_users(user_id),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE practice_sessions (
        token_hash bytea PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES practice_users(user_id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX practice_sessions_user ON practice_sessions (user_id);
      -- A practice's reads of a member are in the member's access log beside staff's, naming the practice and its user.
      ALTER TABLE member_access_log ALTER COLUMN admin_id DROP NOT NULL, ADD COLUMN practice_id bigint, ADD COLUMN practice_user_id bigint;
      -- The front desk finds a patient by exact phone (digits only, as every phone is stored).
      CREATE INDEX participant_phones_phone ON participant_phones (phone);
      -- The secret of the member codes' permutation (member-code.ts): one row, made on first use.
      CREATE TABLE member_code_keys (id integer PRIMARY KEY CHECK (id = 1), secret bytea NOT NULL);
    `,
  },
  {
    id: '1204-practice-reimbursements',
    sql: `
      -- The programme paying a practice's statement for a month that has ended: once, for the statement's total then
      -- (an ended month never changes), by the admin who recorded it, with their reference (a cheque, a transfer).
      CREATE TABLE practice_reimbursements (
        practice_id bigint NOT NULL REFERENCES practices(practice_id),
        month text NOT NULL,
        amount numeric(12, 2) NOT NULL,
        reference text NOT NULL,
        paid_at timestamptz NOT NULL,
        paid_by bigint NOT NULL,
        PRIMARY KEY (practice_id, month)
      );
      CREATE INDEX practice_reimbursements_paid ON practice_reimbursements (paid_at);
    `,
  },
  {
    id: '1205-specialist-practices-of-the-programme',
    sql: `
      -- A practice the programme creates is listed in Find a Specialist under its own row, named by practice_id: two
      -- practices may share a name in different cities. The demo's fictional listings keep their unique names.
      ALTER TABLE specialist_practices ADD COLUMN practice_id bigint UNIQUE REFERENCES practices(practice_id);
      ALTER TABLE specialist_practices DROP CONSTRAINT specialist_practices_name_key;
      CREATE UNIQUE INDEX specialist_practices_listing_name ON specialist_practices (name) WHERE practice_id IS NULL;
    `,
  },
];
