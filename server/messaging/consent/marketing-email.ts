import type pg from 'pg';
import { readMessagePreferences } from '../../../projections/message-preferences/preferences-query';
import { portalLink, type ProgrammeSettings } from '../../config';
import { enqueue } from '../../mail/outbox';
import { signingKey, unsubscribeToken } from './unsubscribe-token';

export interface MarketingEmail {
  paxId: number;
  recipient: string;
  subject: string;
  body: string;
  idempotencyKey?: string;
}

/** Where a member's unsubscribe links point: the one-click API address (List-Unsubscribe) and the page the body links to. */
export async function unsubscribeLinks(pool: pg.Pool, settings: Pick<ProgrammeSettings, 'publicUrl'>, paxId: number) {
  const token = unsubscribeToken(await signingKey(pool), paxId);
  return {
    oneClick: portalLink(settings, `/api/rest/messages/unsubscribe?token=${token}`),
    page: portalLink(settings, `/unsubscribe?token=${token}`),
  };
}

/** The footer every marketing e-mail ends with: why it came, and a link that stops the next ones without signing in. */
export const unsubscribeFooter = (pageLink: string) =>
  `\n\n--\nYou receive offers because you are a member of the rewards programme. To stop marketing e-mails, unsubscribe here: ${pageLink}`;

/**
 * Writes a marketing e-mail to the outbox, only to a member who has not opted out, with its unsubscribe link in the
 * body and the one-click address for the List-Unsubscribe headers. Answers 'opted-out', or whether it was written
 * (false: its idempotency key was already there).
 */
export async function enqueueMarketingEmail(
  deps: { pool: pg.Pool; settings: Pick<ProgrammeSettings, 'publicUrl'> },
  m: MarketingEmail,
): Promise<'opted-out' | boolean> {
  if (!(await readMessagePreferences(deps.pool, m.paxId)).emailMarketing) return 'opted-out';
  const links = await unsubscribeLinks(deps.pool, deps.settings, m.paxId);
  return enqueue(deps.pool, {
    channel: 'email',
    recipient: m.recipient,
    subject: m.subject,
    body: m.body + unsubscribeFooter(links.page),
    idempotencyKey: m.idempotencyKey,
    kind: 'marketing',
    paxId: m.paxId,
    unsubscribeUrl: links.oneClick,
  });
}
