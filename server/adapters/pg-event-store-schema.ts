import type { Migration } from '../../projections/migrations/migration';

export const eventStoreMigrations: Migration[] = [
  {
    id: '0001-event-store',
    sql: `
      CREATE TABLE es_streams (
        stream_name text PRIMARY KEY,
        revision bigint NOT NULL
      );
      -- Append-only. transaction_id lets readers skip nothing when appenders commit out of order (see DESIGN.md).
      CREATE TABLE es_events (
        global_position bigserial NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL UNIQUE,
        stream_name text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transaction_id, global_position),
        UNIQUE (stream_name, revision)
      );
      CREATE RULE es_events_no_update AS ON UPDATE TO es_events DO INSTEAD NOTHING;
      CREATE RULE es_events_no_delete AS ON DELETE TO es_events DO INSTEAD NOTHING;
    `,
  },
];
