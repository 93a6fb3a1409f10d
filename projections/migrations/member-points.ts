import type { Migration } from './migration';

export const memberPointsMigrations: Migration[] = [
  {
    id: '0210-member-points',
    sql: `
      CREATE TABLE rm_member_points (
        pax_id bigint PRIMARY KEY,
        balance bigint NOT NULL DEFAULT 0,
        pending bigint NOT NULL DEFAULT 0,
        lifetime_earned bigint NOT NULL DEFAULT 0,
        last_position_major numeric(20) NOT NULL DEFAULT 0,
        last_position_minor numeric(20) NOT NULL DEFAULT 0
      );
      -- Each award is a lot; redemptions and expiry consume lots. remaining > 0 rows answer "expiring".
      CREATE TABLE rm_point_lots (
        pax_id bigint NOT NULL,
        lot_id text NOT NULL,
        amount bigint NOT NULL,
        remaining bigint NOT NULL,
        expiration_date date NOT NULL,
        description text NOT NULL,
        source text NOT NULL,
        awarded_at timestamptz NOT NULL,
        PRIMARY KEY (pax_id, lot_id)
      );
      CREATE INDEX rm_point_lots_expiring ON rm_point_lots (pax_id, expiration_date) WHERE remaining > 0;
    `,
  },
];
