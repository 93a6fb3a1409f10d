import type { Migration } from './migration';

/**
 * The report's entries (issue 26, item 5): the rows behind each figure of the programme report, so every figure drills
 * down to the members and events that make it. Each row is dated by the same rule as the report's totals (the
 * programme day of the event's occurredAt), so a figure's rows add up to it exactly.
 */
export const reportEntriesMigrations: Migration[] = [
  {
    id: '0960-rm-report-entries',
    sql: `
      -- One row per ledger event: the points it moved under the report's measure (earned:<source>, redeemed, spent,
      -- expired, forfeited). The key pages a measure's days in log order.
      CREATE TABLE rm_report_point_entries (
        measure text NOT NULL,
        day date NOT NULL,
        pos_major bigint NOT NULL,
        pos_minor bigint NOT NULL,
        pax_id bigint NOT NULL,
        points bigint NOT NULL,
        PRIMARY KEY (measure, day, pos_major, pos_minor)
      );
      -- One row per change in a member's holding of an active unused certificate: +1 when it starts to count for them
      -- (issued active, reactivated, released, transferred to them), -1 when it stops. Summed per certificate and
      -- member up to a day, 1 means they held it at that day's end; the rows of a category sum to the report's counts.
      CREATE TABLE rm_report_certificate_entries (
        category text NOT NULL,
        day date NOT NULL,
        pos_major bigint NOT NULL,
        pos_minor bigint NOT NULL,
        pax_id bigint NOT NULL,
        certificate_id uuid NOT NULL,
        delta smallint NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (category, day, pos_major, pos_minor, pax_id)
      );
      -- Each certificate as the entries last left it (the next event on it reads this).
      CREATE TABLE rm_report_entry_certificates (
        certificate_id uuid PRIMARY KEY,
        pax_id bigint NOT NULL,
        category text NOT NULL,
        cents bigint NOT NULL,
        status text NOT NULL,
        used boolean NOT NULL
      );
    `,
  },
];
