import type { Migration } from './migration';

export const checkpointMigrations: Migration[] = [
  {
    id: '0200-projection-checkpoints',
    sql: `
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        position_major numeric(20) NOT NULL DEFAULT 0,
        position_minor numeric(20) NOT NULL DEFAULT 0,
        events_applied bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- What each member should be pushed, in log order: SSE reads it live and for Last-Event-ID replay.
      CREATE TABLE member_live_messages (
        pax_id bigint NOT NULL,
        position_major numeric(20) NOT NULL,
        position_minor numeric(20) NOT NULL,
        kind text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (pax_id, position_major, position_minor, kind)
      );
    `,
  },
];
