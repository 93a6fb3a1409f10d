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
