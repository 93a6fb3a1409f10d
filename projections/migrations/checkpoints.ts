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
  {
    id: '0201-member-live-window',
    sql: `
      -- Live messages are kept for a window (server/live/prune.ts); everything at or before this position may be gone,
      -- so a reconnect from an older Last-Event-ID gets a fresh snapshot instead of a replay with a hole.
      CREATE TABLE member_live_horizon (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        position_major numeric(20) NOT NULL DEFAULT 0,
        position_minor numeric(20) NOT NULL DEFAULT 0
      );
      INSERT INTO member_live_horizon DEFAULT VALUES;
      CREATE INDEX member_live_messages_age ON member_live_messages (created_at);
    `,
  },
];
