import type { TestServer } from '../../support/test-server';
import { isWelcomeMail } from '../../support/welcome-mail';

export const today = () => new Date().toISOString().slice(0, 10);
export const shiftDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An ACTIVE campaign open around today (a day either side, whatever the programme's time zone), with overrides. */
export const activeCampaign = (over: Record<string, unknown> = {}) => ({
  campaignName: `Campaign ${Math.random().toString(36).slice(2, 8)}`,
  statusTypeCode: 'ACTIVE',
  fromDate: shiftDays(today(), -2),
  thruDate: shiftDays(today(), 30),
  certificateCategoryCode: 'SPRING_OFFER',
  certificateAmount: 25,
  ...over,
});

export async function createCampaign(s: TestServer, adminToken: string, body: Record<string, unknown>): Promise<number> {
  const r = await s.call('POST', '/api/rest/dr-campaigns', { token: adminToken, body });
  if (r.status !== 201) throw new Error(`create campaign: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

/** Signs in through a campaign's marketing link: the login body carries the link's campaign id. */
export const loginThrough = (s: TestServer, email: string, campaignId: unknown) =>
  s.call('POST', '/api/rest/authenticate/login', { body: { username: email, password: 'Sturdy-pass-42', campaignId } });

export async function offerCertificates(s: TestServer, token: string) {
  const r = await s.call('GET', '/api/rest/participants/~/certificates?page=0&size=100&sort=expirationDate%20desc&displayCategory=offer', { token });
  return r.body.items as { id: string; amount: number; name: string; status: string }[];
}

/** Offer certificate streams of a member in the event store (the truth the read model follows). */
export async function offerStreams(s: TestServer, paxId: number): Promise<number> {
  const r = await s.runtime.deps.pool.query(
    `SELECT count(DISTINCT stream_name)::int AS n FROM es_events WHERE type = 'CertificateIssued' AND data->>'displayCategory' = 'offer' AND (data->>'paxId')::int = $1`,
    [paxId],
  );
  return r.rows[0].n as number;
}

/** Adds an `emailTemplate` content entry (as an admin would) and answers its templateId. */
export async function addEmailTemplate(s: TestServer, adminToken: string, subject: string, body: string): Promise<string> {
  const templateId = `tpl-${Math.random().toString(36).slice(2, 10)}`;
  const r = await s.call('POST', '/api/rest/content/insert', {
    token: adminToken,
    body: { id: `email-${templateId}`, contentType: 'emailTemplate', fields: { templateId, subject, body } },
  });
  if (r.status !== 201) throw new Error(`add template: ${r.status} ${JSON.stringify(r.body)}`);
  return templateId;
}

export interface Mail {
  recipient: string;
  subject: string;
  body: string;
}

/** The demo mailbox for one recipient, newest first, but for the welcome every new member gets. */
export async function mailTo(s: TestServer, adminToken: string, recipient: string): Promise<Mail[]> {
  const r = await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: adminToken });
  if (r.status !== 200) throw new Error(`outbox: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as Mail[]).filter((m) => !isWelcomeMail(m));
}

/** `2026-03-09` → `03/09/2026`, as campaign e-mails write dates. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
