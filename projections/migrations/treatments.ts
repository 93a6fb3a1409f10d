import type { Migration } from './migration';

export const treatmentReadMigrations: Migration[] = [
  {
    id: '0510-rm-treatments',
    sql: `
      -- What the nightly job needs to find due treatments; the treatment stream stays the authority.
      CREATE TABLE rm_treatments (
        treatment_id uuid PRIMARY KEY,
        pax_id bigint NOT NULL,
        practice_id bigint,
        external_id text NOT NULL,
        date_of_service date NOT NULL,
        status text NOT NULL,
        recorded_at timestamptz NOT NULL
      );
      CREATE INDEX rm_treatments_due ON rm_treatments (date_of_service, recorded_at) WHERE status = 'PENDING';
      CREATE INDEX rm_treatments_pax ON rm_treatments (pax_id);
    `,
  },
  {
    id: '0511-rm-activity',
    sql: `
      -- Activity headers with their detail; a member's page is one index range scan however long the history.
      CREATE TABLE rm_activity (
        id text PRIMARY KEY,
        pax_id bigint NOT NULL,
        activity_type text NOT NULL,
        activity_date date NOT NULL,
        points bigint NOT NULL,
        description text NOT NULL,
        detail jsonb,
        position_major numeric(20) NOT NULL,
        position_minor numeric(20) NOT NULL
      );
      CREATE INDEX rm_activity_by_member ON rm_activity (pax_id, activity_date DESC, position_major DESC, position_minor DESC);
    `,
  },
  {
    id: '0512-rm-activity-spent-points-negative',
    sql: `
      -- Points spent show as the ledger has them: a redemption and a gift purchase are negative (they were shown as
      -- positive and as 0). Rows written before this change are corrected here; new ones are written so.
      UPDATE rm_activity SET points = -points WHERE activity_type = 'POINTS REDEEMED' AND points > 0;
      UPDATE rm_activity a SET points = -c.points_cost
        FROM rm_certificates c
       WHERE a.activity_type = 'ASPIRE GIFT CERTIFICATES' AND a.points = 0 AND c.certificate_id::text = a.detail->>'certificateId';
    `,
  },
  {
    id: '0964-rm-activity-detail-without-statistics',
    sql: `
      -- No query filters, joins or sorts on an activity's detail (readers take it whole, by id or member), so its
      -- statistics serve no plan, yet gathering them was two thirds of an ANALYZE of the table: about 220 of 330 ms
      -- over the bench's history, on the path that ends a rebuild (the ANALYZE before its swap).
      ALTER TABLE rm_activity ALTER COLUMN detail SET STATISTICS 0;
    `,
  },
  {
    id: '1200-rm-treatments-for-practices',
    sql: `
      -- A practice lists its own treatments by date of service, with what each expects, was awarded and had reversed,
      -- and which certificates it used. The rows already here lack those, so the read model is replayed from the start.
      ALTER TABLE rm_treatments
        ADD COLUMN expected_points integer NOT NULL DEFAULT 0,
        ADD COLUMN points_awarded integer,
        ADD COLUMN points_reversed integer,
        ADD COLUMN redeemed_codes text[] NOT NULL DEFAULT '{}',
        ADD COLUMN voided_at timestamptz;
      CREATE INDEX rm_treatments_by_practice ON rm_treatments (practice_id, date_of_service DESC, recorded_at DESC);
      TRUNCATE rm_treatments;
      DELETE FROM projection_checkpoints WHERE name = 'treatments';
    `,
  },
  {
    id: '0970-rm-activity-every-certificate',
    sql: `
      -- One rule for which certificates are activity (issue 54, item 13): campaign offers and gifts claimed from a friend
      -- now have rows too. The rows already here lack them, so the read model is replayed from the start.
      TRUNCATE rm_activity;
      DELETE FROM projection_checkpoints WHERE name = 'activity';
    `,
  },
];
