import type pg from 'pg';
import * as t from 'io-ts';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { Email } from '../core/http-codecs';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** A message that must go out once names itself; a second enqueue with the same key writes nothing. */
  idempotencyKey?: string;
}

/**
 * Messages are written to the outbox with the change that causes them; a sender (not part of this build) delivers them.
 * Answers false when a message with the same idempotency key was already there (the unique index decides, so this
 * holds between processes too).
 */
export async function enqueue(db: pg.Pool | pg.PoolClient, m: OutgoingMessage): Promise<boolean> {
  const r = await db.query('INSERT INTO outbox (channel, recipient, subject, body, idempotency_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
    m.channel,
    m.recipient,
    m.subject,
    m.body,
    m.idempotencyKey ?? null,
  ]);
  return r.rowCount === 1;
}

/** Whether a keyed message is already in the outbox (a cheap check before composing it again). */
export async function enqueued(db: pg.Pool | pg.PoolClient, idempotencyKey: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM outbox WHERE idempotency_key = $1', [idempotencyKey])).rowCount ?? 0) > 0;
}

const Message = t.type({ id: t.number, channel: t.string, recipient: t.string, subject: t.string, body: t.string, createdAt: t.string });

export const outboxRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/outbox',
    tag: 'Admin',
    summary: 'The newest outgoing messages, optionally for one recipient (the demo mailbox)',
    access: 'admin',
    query: t.partial({ recipient: Email }),
    responses: { 200: { description: 'Messages, newest first', schema: t.array(Message) } },
    handler: async ({ query }) => {
      const r = await deps.pool.query<{ id: string; channel: string; recipient: string; subject: string; body: string; created_at: Date }>(
        `SELECT id, channel, recipient, subject, body, created_at FROM outbox WHERE ($1::text IS NULL OR lower(recipient) = lower($1)) ORDER BY id DESC LIMIT 50`,
        [query.recipient ?? null],
      );
      return {
        status: 200,
        body: r.rows.map((m) => ({
          id: Number(m.id),
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          createdAt: m.created_at.toISOString(),
        })),
      };
    },
  }),
];
