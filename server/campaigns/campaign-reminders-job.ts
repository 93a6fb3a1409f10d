import * as t from 'io-ts';
import type { CertificateStatus } from '../../event-schemas';
import { IsoDate } from '../../event-schemas/primitives';
import { findEmailTemplate } from '../content/email-templates';
import { dateIn } from '../../event-schemas/calendar';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { asOfDate } from '../points/expire-points-job';
import type { MessageTemplate } from '../mail/render-template';
import type { Campaign } from './campaign';
import { memberForMail, reminderMailKey, sendCampaignMail } from './campaign-mail';
import { findCampaign } from './campaign-repository';
import { reminderDue } from './reminder-decision';

interface Candidate {
  certificate_id: string;
  pax_id: string;
  name: string;
  amount: string;
  status: CertificateStatus;
  expiration_date: string;
  issued_at: Date;
  campaign_id: string;
  days: number;
  already_sent: boolean;
}

/**
 * Per campaign with a reminder window, its ACTIVE offers expiring from today to today + window (the partial index
 * rm_certificates_campaign_active): everything a reminder could be due for, a missed day included, and nothing else.
 * The certificates read model may lag the log by moments; a nightly job can live with that.
 */
const CANDIDATES = `
  SELECT c.certificate_id, c.pax_id, c.name, c.amount, c.status, to_char(c.expiration_date, 'YYYY-MM-DD') AS expiration_date, c.issued_at,
    d.id AS campaign_id, d.days_before_expiration_to_send_reminder AS days,
    EXISTS (SELECT 1 FROM outbox o WHERE o.idempotency_key = 'campaign-reminder:' || c.certificate_id) AS already_sent
  FROM dr_campaigns d
  JOIN rm_certificates c ON c.campaign_id = d.id AND c.status = 'ACTIVE'
    AND c.expiration_date BETWEEN $1::date AND $1::date + d.days_before_expiration_to_send_reminder
  WHERE d.days_before_expiration_to_send_reminder IS NOT NULL
  ORDER BY d.id, c.expiration_date, c.certificate_id`;

/**
 * Sends each campaign offer its expiration reminder on the programme date `expirationDate - days`, or on a later run
 * while it is still ACTIVE and unexpired. "Once" does not rest on this job running once: every reminder is keyed by
 * certificate in the outbox, so retries, catch-up runs, an admin's run and several processes write one message.
 * Reminders go out whatever the campaign's status now: the offer itself is still valid.
 */
export async function runCampaignReminders(deps: Pick<Deps, 'pool' | 'log' | 'settings' | 'now'>, today: string): Promise<{ remindersSent: number }> {
  const actualToday = dateIn(deps.settings.timeZone, deps.now());
  const rows = (await deps.pool.query<Candidate>(CANDIDATES, [today])).rows;
  const campaigns = new Map<string, Sendable | undefined>();
  let remindersSent = 0;
  for (const row of rows) {
    if (!reminderDue({ expirationDate: row.expiration_date, daysBefore: row.days, today, actualToday, status: row.status, alreadySent: row.already_sent }))
      continue;
    if (!campaigns.has(row.campaign_id)) campaigns.set(row.campaign_id, await sendableCampaign(deps, Number(row.campaign_id)));
    const sendable = campaigns.get(row.campaign_id);
    if (!sendable) continue;
    const member = await memberForMail(deps.pool, Number(row.pax_id));
    if (!member) continue;
    const offer = {
      certificateId: row.certificate_id,
      name: row.name,
      amount: Number(row.amount),
      activationDate: dateIn(deps.settings.timeZone, row.issued_at),
      expirationDate: row.expiration_date,
    };
    const outcome = await sendCampaignMail(deps, {
      ...sendable,
      purpose: 'expirationReminderTemplateId',
      member,
      offer,
      key: reminderMailKey(row.certificate_id),
    });
    if (outcome === 'sent') remindersSent += 1;
  }
  return { remindersSent };
}

interface Sendable {
  campaign: Campaign;
  template: MessageTemplate;
}

/** The campaign and its reminder template when that resolves; otherwise undefined, with one warning per campaign and run (not per certificate). */
async function sendableCampaign(deps: Pick<Deps, 'pool' | 'log'>, id: number): Promise<Sendable | undefined> {
  const campaign = await findCampaign(deps.pool, id);
  const templateId = campaign?.expirationReminderTemplateId ?? null;
  if (!campaign || templateId === null) return undefined;
  const template = await findEmailTemplate(deps.pool, templateId);
  if (template) return { campaign, template };
  deps.log(`campaign ${id} ("${campaign.campaignName}"): expirationReminderTemplateId "${templateId}" has no emailTemplate content entry; no reminders sent`);
  return undefined;
}

export const campaignReminderRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/jobs/campaign-reminders',
    tag: 'Admin',
    summary: 'Runs the campaign expiration reminders now, as of asOf (default today): each ACTIVE offer due a reminder gets it, once',
    access: 'admin',
    body: t.partial({ asOf: IsoDate }),
    responses: {
      200: { description: 'How many reminders were written', schema: t.type({ remindersSent: t.number }) },
      400: { description: 'asOf invalid or in the future' },
    },
    handler: async ({ body }) => {
      const today = asOfDate(body.asOf, dateIn(deps.settings.timeZone, deps.now()));
      return { status: 200, body: await runCampaignReminders(deps, today) };
    },
  }),
];
