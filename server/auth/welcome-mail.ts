import type pg from 'pg';
import { certificateStream, decodeEvent } from '../../event-schemas';
import { usDate } from '../../event-schemas/calendar';
import { welcomeCertificateId } from '../certificates/welcome-certificate';
import { portalLink } from '../config';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { hashToken, newToken } from './tokens';

/** How long the welcome e-mail's confirmation link works; the reminder brings a new one. */
export const ADDRESS_CONFIRMATION_DAYS = 14;
/** A member who has not confirmed their address this many days after joining is reminded, once, at a sign-in. */
export const ADDRESS_REMINDER_AFTER_DAYS = 3;

export const WELCOME_SUBJECT = 'Welcome to Rewards: please confirm your e-mail address';
export const REMINDER_SUBJECT = 'Reminder: please confirm your e-mail address';

type MailDeps = Pick<Deps, 'pool' | 'store' | 'settings'>;

/** A confirmation link for the member's sign-in address (the profile's confirm-email page follows it). */
async function confirmationLink(db: pg.PoolClient, deps: MailDeps, paxId: number, email: string): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO email_confirmations (token_hash, pax_id, email_address, expires_at) VALUES ($1, $2, $3, now() + make_interval(days => $4))`, [
    hashToken(token),
    paxId,
    email,
    ADDRESS_CONFIRMATION_DAYS,
  ]);
  return portalLink(deps.settings, `/profile/confirm-email?token=${token}`);
}

/** The welcome certificate's line, from its stream (none when the programme issues none). */
async function welcomeCertificateLine(deps: MailDeps, paxId: number): Promise<string> {
  const [stored] = await deps.store.readStream(certificateStream(welcomeCertificateId(paxId)), { maxCount: 1 });
  if (!stored) return '';
  const { event } = decodeEvent(stored.type, stored.data, stored.metadata);
  if (event.type !== 'CertificateIssued') return '';
  const c = event.data;
  return `Your ${c.name} for $${c.amount} is in your wallet: code ${c.code}, valid through ${usDate(c.expirationDate)}.\n\n`;
}

/** Runs `write` in one transaction, so a link's row and the mail that carries it are written together or not at all. */
async function inTransaction(pool: pg.Pool, write: (db: pg.PoolClient) => Promise<void>): Promise<void> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await write(db);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * The welcome e-mail (issue 54, item 10), through the outbox: the welcome certificate, and a link that confirms the
 * address the member joined with. Once per member (its idempotency key): an enrollment retried sends no second one.
 */
export async function sendWelcomeMail(deps: MailDeps, m: { paxId: number; firstName: string; email: string }): Promise<void> {
  const key = `welcome:${m.paxId}`;
  const certificate = await welcomeCertificateLine(deps, m.paxId);
  await inTransaction(deps.pool, async (db) => {
    if ((await db.query('SELECT 1 FROM outbox WHERE idempotency_key = $1', [key])).rowCount) return;
    const link = await confirmationLink(db, deps, m.paxId, m.email);
    await enqueue(db, {
      channel: 'email',
      recipient: m.email,
      paxId: m.paxId,
      idempotencyKey: key,
      subject: WELCOME_SUBJECT,
      body:
        `Welcome, ${m.firstName}! Your membership is active.\n\n${certificate}` +
        `Please confirm this e-mail address within ${ADDRESS_CONFIRMATION_DAYS} days by following this link: ${link}`,
    });
  });
}

/**
 * A member who joined some days ago and never confirmed their address can still sign in; at such a sign-in they are
 * reminded once, with a new link (participant_emails.reminded_at keeps it to once, whatever the outbox keeps).
 */
export async function remindUnconfirmedAddress(deps: MailDeps, paxId: number): Promise<void> {
  await inTransaction(deps.pool, async (db) => {
    const due = await db.query<{ email_address: string }>(
      `UPDATE participant_emails e SET reminded_at = now()
         FROM participants p
        WHERE e.pax_id = $1 AND p.pax_id = e.pax_id AND e.preferred = 'Y' AND e.confirmed_at IS NULL AND e.reminded_at IS NULL
          AND p.created_at < now() - make_interval(days => $2)
       RETURNING e.email_address`,
      [paxId, ADDRESS_REMINDER_AFTER_DAYS],
    );
    const email = due.rows[0]?.email_address;
    if (!email) return;
    const link = await confirmationLink(db, deps, paxId, email);
    await enqueue(db, {
      channel: 'email',
      recipient: email,
      paxId,
      subject: REMINDER_SUBJECT,
      body: `You joined the rewards programme with this e-mail address but have not confirmed it yet. Please confirm it within ${ADDRESS_CONFIRMATION_DAYS} days by following this link: ${link}`,
    });
  });
}
