import type { Migration } from '../../projections/migrations/migration';

export const reportMigrations: Migration[] = [
  {
    id: '0951-participants-enrolled-at',
    // The programme summary counts members enrolled by the end of a day: an index-only count, not a table scan.
    sql: `CREATE INDEX participants_enrolled_at ON participants (created_at) WHERE NOT is_admin;`,
  },
];
