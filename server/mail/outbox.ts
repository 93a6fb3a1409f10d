import type pg from 'pg';
import * as t from 'io-ts';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { Email, IntFromString } from '../core/http-codecs';
import { notFound, Problem } from '../core/problem';
import { retryParked } from '../messaging/outbox-queue';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** A message that must go out once names itself; a second enqueue with the same key writes nothing. */
  idempotencyKey?: string;
  /** Default transactional (always sent). Marketing ones are written through enqueueMarketingEmail, which checks consent. */
  kind?: 'transactional' | 'marketing';
  paxId?: number;
  /** The one-click unsubscribe address the e-mail's List-Unsubscribe header carries. */
  unsubscribeUrl?: string;
}

/**
 * Messages are written to the outbox with the change that causes them; the dispatcher (server/messaging/) delivers them.
 * Answers false when a message with the same idempotency key was already there (the unique index decides, so this
 * holds between processes too).
 */
export async function enqueue(db: pg.Pool | pg.PoolClient, m: OutgoingMessage): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO outbox (channel, recipient, subject, body, idempotency_key, kind, pax_id, unsubscribe_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [m.channel, m.recipient, m.subject, m.body, m.idempotencyKey ?? null, m.kind ?? 'transactional', m.paxId ?? null, m.unsubscribeUrl ?? null],
  );
  return r.rowCount === 1;
}

/** Whether a keyed message is already in the outbox (a cheap check before composing it again). */
export async function enqueued(db: pg.Pool | pg.PoolClient, idempotencyKey: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM outbox WHERE idempotency_key = $1', [idempotencyKey])).rowCount ?? 0) > 0;
}

const Status = t.keyof({ PENDING: null, SENT: null, FAILED: null });

const Message = t.intersection([
  t.type({
    id: t.number,
    channel: t.string,
    recipient: t.string,
    subject: t.string,
    body: t.string,
    createdAt: t.string,
    status: Status,
    attempts: t.number,
  }),
  t.partial({ sentAt: t.string, lastError: t.string }),
]);

interface MessageRow {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
}

const COLUMNS = 'id, channel, recipient, subject, body, created_at, status, attempts, sent_at, last_error';

const asItem = (m: MessageRow) => ({
  id: Number(m.id),
  channel: m.channel,
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  createdAt: m.created_at.toISOString(),
  status: m.status,
  attempts: m.attempts,
  ...(m.sent_at ? { sentAt: m.sent_at.toISOString() } : {}),
  ...(m.last_error ? { lastError: m.last_error } : {}),
});

const OutboxId = IntFromString('OutboxId', 'must be an outbox message id (a whole number above 0)', (n) => n > 0);

export const outboxRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/outbox',
    tag: 'Admin',
    summary:
      'The newest outgoing messages with where their delivery stands, optionally for one recipient or status (the demo mailbox; FAILED lists the parked ones)',
    access: 'admin',
    query: t.partial({ recipient: Email, status: Status }),
    responses: { 200: { description: 'Messages, newest first', schema: t.array(Message) } },
    handler: async ({ query }) => {
      const r = await deps.pool.query<MessageRow>(
        `SELECT ${COLUMNS} FROM outbox
         WHERE ($1::text IS NULL OR lower(recipient) = lower($1)) AND ($2::text IS NULL OR status = $2) ORDER BY id DESC LIMIT 50`,
        [query.recipient ?? null, query.status ?? null],
      );
      return { status: 200, body: r.rows.map(asItem) };
    },
  }),
  route({
    method: 'post',
    path: '/admin/outbox/:id/retry',
    tag: 'Admin',
    summary: 'Sends a parked (FAILED) message again, with a fresh count of attempts',
    access: 'admin',
    params: t.type({ id: OutboxId }),
    responses: {
      200: { description: 'The message, PENDING again', schema: Message },
      404: { description: 'No such message' },
      409: { description: 'The message is not parked' },
    },
    handler: async ({ params }) => {
      const retried = await retryParked<MessageRow>(deps.pool, params.id, deps.now(), COLUMNS);
      if (!retried) {
        const exists = (await deps.pool.query('SELECT 1 FROM outbox WHERE id = $1', [params.id])).rowCount;
        if (!exists) throw notFound(`Outbox message ${params.id}`);
        throw new Problem('invalid-state', `Outbox message ${params.id} is not parked (FAILED); only a parked message is retried`);
      }
      deps.outbox.wake();
      return { status: 200, body: asItem(retried) };
    },
  }),
];
