import type { Migration } from '../../projections/migrations/migration';

/**
 * Who looked at a member's data (server/privacy/access-log.ts). A plain table, not a read model: it is not derived from
 * the log, a rebuild never touches it, and no foreign key ties it to `participants` (the accounting outlives what it
 * accounts for). `admin_id` is the staff member; `impersonating` says they read as the member, through an
 * impersonation session. `request_id` leads to the request's log line and to the events the same request wrote.
 */
export const accessLogMigrations: Migration[] = [
  {
    id: '1100-member-access-log',
    sql: `
      CREATE TABLE member_access_log (
        id bigserial PRIMARY KEY,
        pax_id bigint NOT NULL,
        admin_id bigint NOT NULL,
        impersonating boolean NOT NULL,
        action text NOT NULL,
        occurred_at timestamptz NOT NULL,
        request_id text
      );
      CREATE INDEX member_access_log_newest ON member_access_log (pax_id, occurred_at DESC, id DESC);
    `,
  },
];

/** The nightly purge of ended credentials (server/privacy/retention-job.ts) finds them by when they ended, at any table size. */
export const retentionMigrations: Migration[] = [
  {
    id: '1101-retention-indexes',
    sql: `
      CREATE INDEX sessions_ended_at ON sessions ((LEAST(expires_at, COALESCE(revoked_at, 'infinity'::timestamptz))));
      CREATE INDEX password_resets_expires_at ON password_resets (expires_at);
      CREATE INDEX email_confirmations_expires_at ON email_confirmations (expires_at);
      CREATE INDEX live_tickets_expires_at ON live_tickets (expires_at);
      CREATE INDEX login_failures_failed_at ON login_failures (failed_at);
    `,
  },
];

/** An erased member's row stays (its id joins the ledger's facts to someone), blank and marked (server/privacy/erase-tables.ts). */
export const erasureMigrations: Migration[] = [
  {
    id: '1102-participants-erased-at',
    sql: `ALTER TABLE participants ADD COLUMN erased_at timestamptz;`,
  },
  {
    // The support search skips erased members (server/participants/search-participants.ts): its name indexes hold only
    // the others, so a match is still read from the index alone (issue 24: 135 ms to 32 ms for a broad prefix among a
    // million members), with no visit to the table to look at erased_at.
    id: '1104-participant-search-live-members',
    sql: `
      DROP INDEX participants_last_name_search;
      DROP INDEX participants_first_name_search;
      CREATE INDEX participants_last_name_search ON participants (lower(last_name) text_pattern_ops) INCLUDE (pax_id, last_name, first_name) WHERE erased_at IS NULL;
      CREATE INDEX participants_first_name_search ON participants (lower(first_name) text_pattern_ops) INCLUDE (pax_id, last_name, first_name) WHERE erased_at IS NULL;
    `,
  },
];
