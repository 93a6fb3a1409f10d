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
      -- One row per ledger event: the points it moved under the report's measure (earned, with its source; redeemed,
      -- spent, expired, forfeited). The key walks a measure's days in log order, so a page of a period's rows stops
      -- after the page, and the totals read its range alone.
      CREATE TABLE rm_report_point_entries (
        measure text NOT NULL,
        day date NOT NULL,
        pos_major bigint NOT NULL,
        pos_minor bigint NOT NULL,
        source text,
        pax_id bigint NOT NULL,
        points bigint NOT NULL,
        PRIMARY KEY (measure, day, pos_major, pos_minor)
      );
      -- A member's holding of an active unused certificate, once it ended: it counted for them at the end of every
      -- day from from_day to the day before until_day (delta +1). A holding that began and ended on one day never
      -- counted and has no row. (Should a certificate's events be dated out of log order, a holding that ended on a
      -- day before the one it began is kept as delta -1 over the days between, as the report's counts take it back.)
      -- Keyed for "as of day D": a category's holdings that ended after D, which a current day barely has.
      CREATE TABLE rm_report_certificate_spans (
        category text NOT NULL,
        until_day date NOT NULL,
        certificate_id uuid NOT NULL,
        pax_id bigint NOT NULL,
        from_day date NOT NULL,
        delta smallint NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (category, until_day, certificate_id, pax_id)
      );
      -- Each certificate as the entries last left it; held_from is the day its holder's current holding began (null
      -- while it does not count): the holdings not yet ended.
      CREATE TABLE rm_report_entry_certificates (
        certificate_id uuid PRIMARY KEY,
        pax_id bigint NOT NULL,
        category text NOT NULL,
        cents bigint NOT NULL,
        status text NOT NULL,
        used boolean NOT NULL,
        held_from date
      );
      CREATE INDEX rm_report_entry_certificates_held ON rm_report_entry_certificates (category, held_from) WHERE held_from IS NOT NULL;
    `,
  },
];
