import type pg from 'pg';
import { unsubscribeFooter } from './consent/marketing-email';
import { signingKey, unsubscribeToken } from './consent/unsubscribe-token';
import { portalLink, type ProgrammeSettings } from '../config';

export interface Broadcast {
  /** Names the campaign's mailing: each member gets it once under `broadcast:{key}:{paxId}`, however often it is run. */
  key: string;
  subject: string;
  /** Plain text; `{firstName}` becomes the member's first name. */
  body: string;
}

export interface BroadcastProgress {
  /** Members looked at so far. */
  members: number;
  /** E-mails written (not those opted out, without an address, or written by an earlier run). */
  written: number;
}

/** Members per chunk: each chunk is one read and one INSERT, each committed on its own. */
export const BROADCAST_CHUNK = 1000;

interface Recipient {
  pax_id: string;
  first_name: string;
  email: string;
}

/**
 * Writes a marketing e-mail to every member who has an address and has not opted out, in chunks of members in id
 * order, each chunk committed on its own: no transaction stays open for the campaign's length (a long one would hold
 * back every reader of the event log, which reads only below the oldest open transaction), and a broadcast cut short
 * is finished by running it again (the keys skip who already has it).
 */
export async function enqueueBroadcast(
  pool: pg.Pool,
  settings: Pick<ProgrammeSettings, 'publicUrl'>,
  b: Broadcast,
  options: { chunk?: number; onChunk?: (progress: BroadcastProgress) => Promise<void> | void } = {},
): Promise<BroadcastProgress> {
  const key = await signingKey(pool);
  const chunk = options.chunk ?? BROADCAST_CHUNK;
  const progress: BroadcastProgress = { members: 0, written: 0 };
  for (let after = 0; ;) {
    // Every member of the chunk comes back, those who get nothing too (opted out, no address): the last one is where
    // the next chunk begins.
    const r = await pool.query<Recipient & { email: string | null; wants: boolean }>(
      `SELECT p.pax_id, p.first_name, e.email_address AS email, coalesce(mp.email_marketing, true) AS wants
       FROM (SELECT pax_id, first_name FROM participants WHERE pax_id > $1 AND NOT is_admin ORDER BY pax_id LIMIT $2) p
       LEFT JOIN LATERAL (SELECT email_address FROM participant_emails e WHERE e.pax_id = p.pax_id ORDER BY (preferred = 'Y') DESC, id LIMIT 1) e ON true
       LEFT JOIN rm_message_preferences mp ON mp.pax_id = p.pax_id
       ORDER BY p.pax_id`,
      [after, chunk],
    );
    if (r.rows.length === 0) return progress;
    after = Number(r.rows[r.rows.length - 1].pax_id);
    const recipients = r.rows.filter((m): m is Recipient & { email: string; wants: boolean } => m.email !== null && m.wants);
    if (recipients.length) progress.written += await insertChunk(pool, settings, key, b, recipients);
    progress.members += r.rows.length;
    await options.onChunk?.(progress);
  }
}

async function insertChunk(pool: pg.Pool, settings: Pick<ProgrammeSettings, 'publicUrl'>, key: Buffer, b: Broadcast, rows: Recipient[]): Promise<number> {
  const paxIds = rows.map((r) => Number(r.pax_id));
  const tokens = paxIds.map((id) => unsubscribeToken(key, id));
  const r = await pool.query(
    `INSERT INTO outbox (channel, recipient, subject, body, idempotency_key, kind, pax_id, unsubscribe_url)
     SELECT 'email', email, $1, body, $2 || pax_id, 'marketing', pax_id, unsubscribe_url
     FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[]) AS m(pax_id, email, body, unsubscribe_url)
     ON CONFLICT DO NOTHING`,
    [
      b.subject,
      `broadcast:${b.key}:`,
      paxIds,
      rows.map((r) => r.email),
      rows.map((r, i) => b.body.replaceAll('{firstName}', r.first_name) + unsubscribeFooter(portalLink(settings, `/unsubscribe?token=${tokens[i]}`))),
      tokens.map((t) => portalLink(settings, `/api/rest/messages/unsubscribe?token=${t}`)),
    ],
  );
  return r.rowCount ?? 0;
}
