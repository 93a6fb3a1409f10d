import type { ParsedMail } from 'mailparser';
import { isWelcomeMail } from '../../support/welcome-mail';
import { enqueueMarketingEmail } from '../../../server/messaging/consent/marketing-email';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract-helpers';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { startTestServer, type TestServer } from '../../support/test-server';
import { committedHead } from '../../support/committed-head';

/*
 * Consent over real SMTP: marketing e-mails carry one-click unsubscribe headers and a body link; unsubscribing (by the
 * header's POST or the profile) is an event in the member's history and stops the next marketing e-mail, never a
 * transactional one.
 */
describe('marketing consent and unsubscribe', () => {
  let sink: SmtpSink;
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await startTestServer({
      messaging: { smtp: { url: sink.url, from: 'Rewards <rewards@mail.test>' }, messageIdDomain: 'mail.test', dispatch: true },
      dispatcher: { idleMs: 20 },
    });
    admin = (await s.login(DEMO.admin.email)).token;
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  // What arrived for one recipient, but for the welcome every new member gets.
  const arrivedFor = (recipient: string) =>
    sink.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0].address === recipient && !isWelcomeMail({ subject: m.subject }));
  const offer = (m: { paxId: number; email: string }, n: number) =>
    enqueueMarketingEmail(s.runtime.deps, { paxId: m.paxId, recipient: m.email, subject: `Offer ${n}`, body: `Your offer number ${n}.` });
  const timeline = async (paxId: number) =>
    (
      (await s.call('GET', `/api/rest/admin/participants/${paxId}/timeline`, { token: admin })).body.events as { type: string; data: Record<string, unknown> }[]
    ).filter((e) => e.type === 'MessagePreferencesChanged');
  /** A header as it was sent (mailparser folds List-* headers into one structured `list` value). */
  const headerLine = (mail: ParsedMail, key: string) => (mail.headerLines || []).find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');
  const oneClickUrl = (mail: ParsedMail) => /^<([^>]+)>$/.exec(headerLine(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';
  /** The path and query of a link (the test server listens elsewhere than PUBLIC_URL). */
  const local = (link: string) => {
    const u = new URL(link);
    return u.pathname + u.search;
  };

  describe('when a marketing e-mail is sent', () => {
    it('carries List-Unsubscribe with List-Unsubscribe-Post and a signed link in its body', async () => {
      const m = await s.enroll();
      expect(await offer(m, 1)).toBe(true);
      const [mail] = await eventually(async () => {
        const got = arrivedFor(m.email);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(oneClickUrl(mail)).toMatch(new RegExp(`^http://localhost:\\d+/api/rest/messages/unsubscribe\\?token=${m.paxId}\\.[A-Za-z0-9_-]{22}$`));
      expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toMatch(new RegExp(`/unsubscribe\\?token=${m.paxId}\\.[A-Za-z0-9_-]{22}`));
    });
  });

  describe('when the member unsubscribes with one click from their mail client', () => {
    it('records the change in their history, stops the next offer and still sends their password reset', async () => {
      const m = await s.enroll();
      await offer(m, 1);
      const [mail] = await eventually(async () => {
        const got = arrivedFor(m.email);
        expect(got).toHaveLength(1);
        return got;
      });
      const r = await s.call('POST', local(oneClickUrl(mail)), {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ emailMarketing: false, smsMarketing: false });
      expect(await timeline(m.paxId)).toEqual([
        expect.objectContaining({ data: { paxId: m.paxId, emailMarketing: false, smsMarketing: false, via: 'one-click' } }),
      ]);
      // A second click changes nothing and adds nothing to the history.
      expect(
        (
          await s.call('POST', local(oneClickUrl(mail)), {
            rawBody: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).status,
      ).toBe(200);
      expect(await timeline(m.paxId)).toHaveLength(1);
      // Offered once the preferences read model holds the change: retrying the offer until it says opted-out would
      // enqueue (and send) an offer on every try the read model lagged.
      const written = await committedHead(s.runtime.deps.pool);
      expect(written && (await s.runtime.deps.progress.waitFor(written, 10_000, ['message-preferences']))).toBe(true);
      expect(await offer(m, 2)).toBe('opted-out');
      await s.call('POST', '/api/rest/authenticate/forgot-password', { body: { email: m.email }, headers: { 'x-forwarded-for': '10.31.0.1' } });
      await eventually(async () => expect(arrivedFor(m.email).map((x) => x.subject)).toEqual(['Offer 1', 'Reset your password']));
    });
  });

  describe('when an unsubscribe link is forged or cut short', () => {
    it('answers 400 naming the token and changes nothing', async () => {
      const m = await s.enroll();
      for (const token of [`${m.paxId}.AAAAAAAAAAAAAAAAAAAAAA`, `${m.paxId}.abc`, 'nonsense']) {
        const r = await s.call('POST', `/api/rest/messages/unsubscribe?token=${encodeURIComponent(token)}`, { body: {} });
        expect(r.status).toBe(400);
        expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
        expect(r.body.errors[0].path).toBe('query.token');
      }
      expect((await s.call('POST', '/api/rest/messages/unsubscribe', { body: {} })).body.errors[0].path).toBe('query.token');
      expect(await timeline(m.paxId)).toEqual([]);
    });
  });

  describe('when the member changes their preferences on the profile', () => {
    it('shows the defaults, records each change once, and refuses bad input and other members', async () => {
      const m = await s.enroll();
      const path = `/api/rest/participants/${m.paxId}/message-preferences`;
      expect((await s.call('GET', path, { token: m.token })).body).toEqual({ emailMarketing: true, smsMarketing: false });
      const put = await s.call('PUT', path, { token: m.token, body: { emailMarketing: false, smsMarketing: true } });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ emailMarketing: false, smsMarketing: true, position: expect.any(String) });
      await eventually(async () =>
        expect((await s.call('GET', path, { token: m.token, headers: { 'x-wait-for-position': put.body.position } })).body).toEqual({
          emailMarketing: false,
          smsMarketing: true,
        }),
      );
      await s.call('PUT', path, { token: m.token, body: { emailMarketing: false, smsMarketing: true } });
      expect((await timeline(m.paxId)).map((e) => e.data.via)).toEqual(['profile']);
      const bad = await s.call('PUT', path, { token: m.token, body: { emailMarketing: 'no', smsMarketing: true } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('body.emailMarketing');
      const other = await s.enroll();
      expect((await s.call('PUT', path, { token: other.token, body: { emailMarketing: true, smsMarketing: true } })).status).toBe(403);
      expect((await s.call('GET', path)).status).toBe(401);
    });
  });
});
