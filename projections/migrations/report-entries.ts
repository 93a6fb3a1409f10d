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
  {
    id: '0961-earned-entries-from-lots',
    sql: `
      -- The earned drill-down reads the member-points read model's lots, one per award already, instead of a row of its
      -- own per award (three in five of the log's events: they were most of what the entries cost a rebuild). A lot
      -- keeps its award's place in the log, and an index walks the lots by the instant they were awarded: a programme
      -- day is a range of instants, and the index alone answers a figure's count and points.
      ALTER TABLE rm_point_lots ADD COLUMN pos_major bigint, ADD COLUMN pos_minor bigint;
      -- Lots written before this: their award's place, from the log where it is in this database (the first award of a
      -- lot id, as the read model kept the first). Where the log is elsewhere (EventStoreDB) or a lot finds no award,
      -- member-points is replayed from the start instead.
      DO $fill$
      BEGIN
        IF to_regclass('es_events') IS NOT NULL THEN
          UPDATE rm_point_lots l SET pos_major = a.major, pos_minor = a.minor
          FROM (
            SELECT DISTINCT ON (pax_id, lot_id) (data->>'paxId')::bigint AS pax_id, data->>'lotId' AS lot_id,
                   transaction_id::text::bigint AS major, global_position AS minor
            FROM es_events WHERE type = 'PointsAwarded'
            ORDER BY pax_id, lot_id, transaction_id, global_position
          ) a
          WHERE l.pax_id = a.pax_id AND l.lot_id = a.lot_id;
        END IF;
        IF EXISTS (SELECT 1 FROM rm_point_lots WHERE pos_major IS NULL) THEN
          DELETE FROM projection_checkpoints WHERE name = 'member-points';
          TRUNCATE rm_member_points, rm_point_lots;
        END IF;
      END
      $fill$;
      ALTER TABLE rm_point_lots ALTER COLUMN pos_major SET NOT NULL, ALTER COLUMN pos_minor SET NOT NULL;
      CREATE INDEX rm_point_lots_by_award ON rm_point_lots (awarded_at, pos_major, pos_minor) INCLUDE (source, amount, pax_id);
      DELETE FROM rm_report_point_entries WHERE measure = 'earned';
      ALTER TABLE rm_report_point_entries DROP COLUMN source;
    `,
  },
  {
    id: '0962-report-entries-in-the-report',
    sql: `
      -- The rows behind the figures are the programme report's own now: one read model, one pass over the log and one
      -- copy of each certificate's state (the entries kept a second, and the two cost a rebuild more than either).
      -- Its tables are emptied and it is replayed from the start, as a new read model is.
      DROP TABLE rm_report_entry_certificates;
      TRUNCATE rm_report_members, rm_report_daily, rm_report_expiry_daily, rm_report_certificates, rm_report_certificate_daily,
        rm_report_promotion_daily, rm_report_point_entries, rm_report_certificate_spans;
      -- Who holds each certificate, and the day their holding began to count (null while it does not count): the
      -- holdings not yet ended.
      ALTER TABLE rm_report_certificates ADD COLUMN pax_id bigint NOT NULL, ADD COLUMN held_from date;
      CREATE INDEX rm_report_certificates_held ON rm_report_certificates (category, held_from) WHERE held_from IS NOT NULL;
      DELETE FROM projection_checkpoints WHERE name IN ('programme-report', 'report-entries');
    `,
  },
  {
    id: '0963-report-open-lots-as-a-list',
    sql: `
      -- A member's open lots become a list of [lotId, 'YYYY-MM', remaining] (report-batch.ts says why), from an object
      -- keyed by lot id ({ lotId: ['YYYY-MM', remaining] }). Same lots, same months and points; only the form changes.
      UPDATE rm_report_members m
        SET open_lots = (SELECT coalesce(jsonb_agg(jsonb_build_array(l.key, l.value -> 0, l.value -> 1)), '[]'::jsonb) FROM jsonb_each(m.open_lots) l)
        WHERE jsonb_typeof(m.open_lots) = 'object';
      -- Kept as the text the report wrote (json), not taken apart (jsonb): only the report reads it, and whole. Upserting
      -- 2,000 members of 25 lots took PostgreSQL about 1.6 times the CPU as jsonb, and reading them back cost more too.
      ALTER TABLE rm_report_members ALTER COLUMN open_lots TYPE json USING open_lots::json;
    `,
  },
  {
    id: '1106-report-statistics-where-read',
    sql: `
      -- Statistics only for the columns the report's queries filter or group on: the others are only returned or summed,
      -- so the planner never reads their statistics. A rebuild ANALYZEs every table it swaps in (rebuild-swap.ts copies
      -- these targets to its shadow tables), and these columns took a third of that: ANALYZE of the bench's 15,402 point
      -- entries went from 14.4 ms to 8.9 ms, of all the report's 8 tables from 26.8-29.5 ms to 18.3-19.0 ms (two runs).
      ALTER TABLE rm_report_point_entries
        ALTER COLUMN pos_major SET STATISTICS 0, ALTER COLUMN pos_minor SET STATISTICS 0,
        ALTER COLUMN pax_id SET STATISTICS 0, ALTER COLUMN points SET STATISTICS 0;
      ALTER TABLE rm_report_members
        ALTER COLUMN balance SET STATISTICS 0, ALTER COLUMN active_until SET STATISTICS 0, ALTER COLUMN open_lots SET STATISTICS 0;
      ALTER TABLE rm_report_daily ALTER COLUMN amount SET STATISTICS 0;
      ALTER TABLE rm_report_expiry_daily ALTER COLUMN points SET STATISTICS 0;
      ALTER TABLE rm_report_certificates
        ALTER COLUMN cents SET STATISTICS 0, ALTER COLUMN status SET STATISTICS 0,
        ALTER COLUMN used SET STATISTICS 0;
    `,
  },
  {
    id: '1107-expired-entries-from-lots',
    sql: `
      -- The expired drill-down reads the member-points read model's lots too, as the earned one does (0961): a lot expires
      -- once, what was left of it when it passed its date (server/points/expire-lots.ts), so the lot can keep its expiry's
      -- instant, place in the log and points, where the report kept a row of its own per expiry (11,107 of the bench's
      -- 15,402 point entries: written, keyed and analysed at every rebuild). An index walks the expired lots by the
      -- instant they expired: a programme day is a range of instants, and the index alone answers a figure's count and
      -- points. Lots that never expired stay out of it.
      ALTER TABLE rm_point_lots ADD COLUMN expired_at timestamptz, ADD COLUMN expired_points bigint,
        ADD COLUMN expired_pos_major bigint, ADD COLUMN expired_pos_minor bigint;
      -- Lots already written: their expiry, from the log where it is in this database (the first expiry of a lot, as the
      -- read model keeps it). Where the log is elsewhere (EventStoreDB), member-points is replayed from the start instead.
      DO $fill$
      BEGIN
        IF to_regclass('es_events') IS NOT NULL THEN
          UPDATE rm_point_lots l SET expired_at = x.at, expired_points = x.points, expired_pos_major = x.major, expired_pos_minor = x.minor
          FROM (
            SELECT DISTINCT ON (pax_id, lot_id) (data->>'paxId')::bigint AS pax_id, data->>'lotId' AS lot_id, (data->>'amount')::bigint AS points,
                   (metadata->>'occurredAt')::timestamptz AS at, transaction_id::text::bigint AS major, global_position AS minor
            FROM es_events WHERE type = 'PointsExpired'
            ORDER BY pax_id, lot_id, transaction_id, global_position
          ) x
          WHERE l.pax_id = x.pax_id AND l.lot_id = x.lot_id;
        ELSIF EXISTS (SELECT 1 FROM rm_point_lots) THEN
          DELETE FROM projection_checkpoints WHERE name = 'member-points';
          TRUNCATE rm_member_points, rm_point_lots;
        END IF;
      END
      $fill$;
      CREATE INDEX rm_point_lots_expired ON rm_point_lots (expired_at, expired_pos_major, expired_pos_minor) INCLUDE (expired_points, pax_id)
        WHERE expired_at IS NOT NULL;
      DELETE FROM rm_report_point_entries WHERE measure = 'expired';
    `,
  },
];
