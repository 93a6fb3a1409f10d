import type pg from 'pg';
import { findEmailTemplate } from '../content/email-templates';
import type { Deps } from '../deps';
import { enqueued } from '../mail/outbox';
import { enqueueMarketingEmail } from '../messaging/consent/marketing-email';
import { renderTemplate, type MessageTemplate } from '../mail/render-template';
import type { Campaign } from './campaign';

/** The campaign's four template ids, each the e-mail for one purpose. */
export type MailPurpose = 'createAccountTemplateId' | 'newMemberTemplateId' | 'existingMemberTemplateId' | 'expirationReminderTemplateId';

/** The offer certificate an e-mail is about; dates `YYYY-MM-DD` (activation = the programme date it was issued). */
export interface OfferFacts {
  certificateId: string;
  name: string;
  amount: number;
  activationDate: string;
  expirationDate: string;
}

export interface Member {
  paxId: number;
  firstName: string;
  email: string | undefined;
  enrolledCampaignId: number | null;
}

export type MailOutcome = 'sent' | 'already-sent' | 'no-template-id' | 'missing-template' | 'no-recipient' | 'opted-out';

/** One key per certificate and kind of mail: whoever writes it first (request, retry, another process) is the only one. */
export const claimMailKey = (certificateId: string) => `campaign-claim:${certificateId}`;
export const reminderMailKey = (certificateId: string) => `campaign-reminder:${certificateId}`;

/** The member's first name, preferred e-mail (else their first one) and the campaign link they enrolled through. */
export async function memberForMail(db: pg.Pool | pg.PoolClient, paxId: number): Promise<Member | undefined> {
  const r = await db.query<{ first_name: string; email: string | null; enrolled_campaign_id: string | null }>(
    `SELECT first_name, enrolled_campaign_id,
       (SELECT email_address FROM participant_emails e WHERE e.pax_id = p.pax_id ORDER BY (preferred = 'Y') DESC, id LIMIT 1) AS email
     FROM participants p WHERE pax_id = $1`,
    [paxId],
  );
  const row = r.rows[0];
  return (
    row && {
      paxId,
      firstName: row.first_name,
      email: row.email ?? undefined,
      enrolledCampaignId: row.enrolled_campaign_id === null ? null : Number(row.enrolled_campaign_id),
    }
  );
}

/**
 * The claim e-mail's template: the new-member one when the member enrolled through this campaign's link and this is
 * the first offer they claim from it, else the existing-member one. Both facts are stored, so a retried claim picks
 * the same template the interrupted one would have.
 */
export const claimPurpose = (campaignId: number, member: Member, claimNumber: number): MailPurpose =>
  member.enrolledCampaignId === campaignId && claimNumber === 0 ? 'newMemberTemplateId' : 'existingMemberTemplateId';

/**
 * Writes one campaign e-mail about an offer to the outbox under `key`, at most once. No template id configured: nothing,
 * quietly (the campaign wants no such mail). A template id content does not have: nothing, and a warning naming the
 * campaign and template, because an admin has to add the entry (no text is made up in its place).
 */
export async function sendCampaignMail(
  deps: Pick<Deps, 'pool' | 'log' | 'settings'>,
  // `template`: the purpose's template when the caller has already read it (the reminder job reads it once per campaign).
  m: { campaign: Campaign; purpose: MailPurpose; member: Member; offer: OfferFacts; key: string; template?: MessageTemplate },
): Promise<MailOutcome> {
  const templateId = m.campaign[m.purpose];
  if (templateId === null) return 'no-template-id';
  // A retry or a concurrent run usually finds the mail written; skip composing it (the insert would skip it anyway).
  if (await enqueued(deps.pool, m.key)) return 'already-sent';
  const template = m.template ?? (await findEmailTemplate(deps.pool, templateId));
  if (!template) {
    deps.log(
      `campaign ${m.campaign.id} ("${m.campaign.campaignName}"): ${m.purpose} "${templateId}" has no emailTemplate content entry; no e-mail sent for certificate ${m.offer.certificateId}`,
    );
    return 'missing-template';
  }
  if (!m.member.email) {
    deps.log(`campaign ${m.campaign.id}: the owner of certificate ${m.offer.certificateId} has no e-mail address; no e-mail sent`);
    return 'no-recipient';
  }
  const { subject, body } = renderTemplate(template, {
    ...m.offer,
    certificateName: m.offer.name,
    firstName: m.member.firstName,
    campaignName: m.campaign.campaignName,
  });
  // Campaign offers and their reminders are marketing: only to members who have not opted out, with an unsubscribe.
  const written = await enqueueMarketingEmail(deps, { paxId: m.member.paxId, recipient: m.member.email, subject, body, idempotencyKey: m.key });
  return written === 'opted-out' ? 'opted-out' : written ? 'sent' : 'already-sent';
}
