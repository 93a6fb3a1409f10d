import type pg from 'pg';
import type { MessageTemplate } from '../mail/render-template';

/**
 * The `emailTemplate` entry a campaign names by `templateId`, read straight from our own content table: this server
 * hosts the content, so a mail written in a request or a nightly job never waits on (or fails with) an HTTP call.
 * Undefined when no entry has that id or its subject or body is not text (an entry half-edited by an admin is not sent).
 * Two entries with one templateId should not happen; if they do, the lowest entry id wins, every time.
 */
export async function findEmailTemplate(db: pg.Pool | pg.PoolClient, templateId: string): Promise<MessageTemplate | undefined> {
  const r = await db.query<{ fields: Record<string, unknown> }>(
    `SELECT fields FROM content_entries WHERE content_type = 'emailTemplate' AND fields->>'templateId' = $1 ORDER BY id LIMIT 1`,
    [templateId],
  );
  const fields = r.rows[0]?.fields;
  if (!fields || typeof fields.subject !== 'string' || typeof fields.body !== 'string') return undefined;
  return { subject: fields.subject, body: fields.body };
}
