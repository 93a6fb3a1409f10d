import type { Migration } from './migration';

export const messagePreferenceMigrations: Migration[] = [
  {
    id: '1010-rm-message-preferences',
    sql: `
      -- One row per member who ever changed their marketing consent (projections/message-preferences).
      CREATE TABLE rm_message_preferences (
        pax_id bigint PRIMARY KEY,
        email_marketing boolean NOT NULL,
        sms_marketing boolean NOT NULL,
        changed_at timestamptz NOT NULL
      );
    `,
  },
];
