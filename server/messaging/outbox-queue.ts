import type pg from 'pg';
import type { Envelope } from './transport';

/*
 * The outbox as a queue: claim, mark, park, retry. Every statement is one short autocommit transaction: a claim never
 * holds row locks while a provider is spoken to (a long transaction would hold back the event store's readers, which
 * read only below the oldest open transaction).
 */

export interface Claimed extends Envelope {
  attempts: number;
  kind: 'transactional' | 'marketing';
  paxId: number | null;
}

/**
 * The claimed marketing messages whose member no longer consents (they unsubscribed after the message was written,
 * while it waited in a campaign's queue): these are withheld, not sent. Texts need an opt-in, e-mails only the
 * absence of an opt-out.
 */
export async function withheldIds(pool: pg.Pool, claimed: Claimed[]): Promise<Set<number>> {
  const marketing = claimed.filter((m) => m.kind === 'marketing' && m.paxId !== null);
  if (!marketing.length) return new Set();
  const r = await pool.query<{ id: string }>(
    `SELECT m.id FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS m(id, pax_id, channel)
     LEFT JOIN rm_message_preferences p ON p.pax_id = m.pax_id
     WHERE CASE m.channel WHEN 'email' THEN NOT coalesce(p.email_marketing, true) ELSE NOT coalesce(p.sms_marketing, false) END`,
    [marketing.map((m) => m.id), marketing.map((m) => m.paxId), marketing.map((m) => m.channel)],
  );
  return new Set(r.rows.map((row) => Number(row.id)));
}

interface ClaimedRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  attempts: number;
  unsubscribe_url: string | null;
  kind: 'transactional' | 'marketing';
  pax_id: string | null;
}

/** `<outbox.{id}.{created, base 36}@{domain}>`: the same for every attempt at one message, different across databases' id 1s. */
export const messageIdOf = (id: number, createdAt: Date, domain: string): string => `<outbox.${id}.${createdAt.getTime().toString(36)}@${domain}>`;

/**
 * Takes up to `limit` due messages, oldest due first, and leases them: their next attempt moves `leaseMs` ahead and the
 * attempt is counted before anything is sent. SKIP LOCKED lets several processes claim side by side without waiting
 * or taking the same row; the lease is what keeps a claimed message from being claimed again after this statement
 * commits. A dispatcher that dies mid-send leaves its lease to expire: the message is then sent once more, with the
 * same Message-ID, and a message that keeps killing its sender still runs out of attempts.
 *
 * Due means due within `now`'s millisecond: a message is stamped by PostgreSQL to the microsecond, `now` is a
 * JavaScript date, and one written a few microseconds into the same millisecond was passed over until the next round
 * (a full jest run saw a dispatcher find nothing right after a write).
 */
export async function claimDue(pool: pg.Pool, o: { limit: number; leaseMs: number; now: Date; domain: string }): Promise<Claimed[]> {
  const r = await pool.query<ClaimedRow>(
    `WITH due AS (
       SELECT id FROM outbox WHERE status = 'PENDING' AND next_attempt_at < $1::timestamptz + interval '1 millisecond'
       ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = $1::timestamptz + make_interval(secs => $3 / 1000.0)
     FROM due WHERE o.id = due.id
     RETURNING o.id, o.channel, o.recipient, o.subject, o.body, o.created_at, o.attempts, o.unsubscribe_url, o.kind, o.pax_id`,
    [o.now, o.limit, o.leaseMs],
  );
  return r.rows
    .map((row) => ({
      id: Number(row.id),
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      attempts: row.attempts,
      unsubscribeUrl: row.unsubscribe_url,
      kind: row.kind,
      paxId: row.pax_id === null ? null : Number(row.pax_id),
      messageId: messageIdOf(Number(row.id), row.created_at, o.domain),
    }))
    .sort((a, b) => a.id - b.id);
}

export interface SentOutcome {
  id: number;
  providerId: string;
}
export interface FailedOutcome {
  id: number;
  error: string;
  /** Null: parked (FAILED); otherwise when to try again. */
  retryAt: Date | null;
}

/** Marks a batch's outcomes in one statement each. Guarded by status, so an admin's retry meanwhile is not undone. */
export async function markOutcomes(pool: pg.Pool, sent: SentOutcome[], failed: FailedOutcome[], now: Date): Promise<void> {
  if (sent.length)
    await pool.query(
      `UPDATE outbox o SET status = 'SENT', sent_at = $3, provider_id = s.provider_id, last_error = NULL
       FROM unnest($1::bigint[], $2::text[]) AS s(id, provider_id) WHERE o.id = s.id AND o.status = 'PENDING'`,
      [sent.map((s) => s.id), sent.map((s) => s.providerId), now],
    );
  if (failed.length)
    await pool.query(
      `UPDATE outbox o SET last_error = f.error,
         status = CASE WHEN f.retry_at IS NULL THEN 'FAILED' ELSE 'PENDING' END,
         next_attempt_at = coalesce(f.retry_at, o.next_attempt_at)
       FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS f(id, error, retry_at) WHERE o.id = f.id AND o.status = 'PENDING'`,
      [failed.map((f) => f.id), failed.map((f) => f.error.slice(0, 1000)), failed.map((f) => f.retryAt)],
    );
}

/**
 * An admin's retry of a parked message: due now with a fresh count of attempts. Answers the row as the retry left it
 * (`columns` of it), read by the same statement: a dispatcher may claim it the moment it is due, and a second read
 * would show its attempt instead. Undefined when it is not parked.
 */
export async function retryParked<R extends pg.QueryResultRow>(pool: pg.Pool, id: number, now: Date, columns: string): Promise<R | undefined> {
  const r = await pool.query<R>(
    `UPDATE outbox SET status = 'PENDING', attempts = 0, next_attempt_at = $2 WHERE id = $1 AND status = 'FAILED' RETURNING ${columns}`,
    [id, now],
  );
  return r.rows[0];
}

export interface QueueState {
  pending: number;
  /** Seconds the oldest undelivered message has waited since it was written (0 with none). */
  oldestAgeSeconds: number;
  parked: number;
}

/** The queue's size and age for metrics, /readyz and the status page: partial-index reads only. */
export async function queueState(pool: pg.Pool, now: Date): Promise<QueueState> {
  const r = await pool.query<{ pending: number; oldest: Date | null; parked: number }>(
    `SELECT (SELECT count(*)::int FROM outbox WHERE status = 'PENDING') AS pending,
            (SELECT created_at FROM outbox WHERE status = 'PENDING' ORDER BY id LIMIT 1) AS oldest,
            (SELECT count(*)::int FROM outbox WHERE status = 'FAILED') AS parked`,
  );
  const row = r.rows[0];
  return {
    pending: row.pending,
    parked: row.parked,
    oldestAgeSeconds: row.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0,
  };
}
