import type { Migration } from '../../projections/migrations/migration';

export const messagingMigrations: Migration[] = [
  {
    // The outbox becomes a delivery queue. Messages written before a sender existed were only ever meant for the demo
    // mailbox: they are marked delivered there, so configuring SMTP later does not mail members months-old resets.
    id: '1000-outbox-delivery',
    sql: `
      ALTER TABLE outbox
        ADD COLUMN status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
        ADD COLUMN attempts int NOT NULL DEFAULT 0,
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN provider_id text,
        ADD COLUMN last_error text,
        ADD COLUMN kind text NOT NULL DEFAULT 'transactional' CHECK (kind IN ('transactional', 'marketing')),
        ADD COLUMN pax_id bigint,
        ADD COLUMN unsubscribe_url text;
      UPDATE outbox SET status = 'SENT', sent_at = coalesce(sent_at, created_at), provider_id = 'demo-mailbox';
      -- The dispatcher's claim reads only this: due messages in order, however many were delivered before.
      CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'PENDING';
      -- The queue's age: the oldest undelivered message (ids grow with created_at).
      CREATE INDEX outbox_pending_by_id ON outbox (id) WHERE status = 'PENDING';
      CREATE INDEX outbox_parked ON outbox (id DESC) WHERE status = 'FAILED';
    `,
  },
  {
    // The key that signs unsubscribe links. Kept in the database so every process (and a restart) signs alike and
    // nothing has to be configured; made by the first process that needs it (server/messaging/consent/signing-key.ts).
    id: '1001-message-signing-key',
    sql: `CREATE TABLE message_signing_key (id int PRIMARY KEY CHECK (id = 1), secret bytea NOT NULL);`,
  },
];
