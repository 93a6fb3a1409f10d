import { eventually } from '../../support/event-store-contract-helpers';
import { isWelcomeMail } from '../../support/welcome-mail';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { startTestServer, type TestServer } from '../../support/test-server';
import { DEMO } from '../../../server/seed/demo';

/*
 * The server with SMTP_URL set, against a real SMTP server in this process: what the programme writes arrives as a
 * proper e-mail, waits out an outage and arrives once, and a refused one is parked for an admin to retry.
 */
describe('e-mail over SMTP', () => {
  let sink: SmtpSink;
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    s = await startTestServer({
      settings: { ...(await import('../../../server/config')).settingsFromEnv({ PUBLIC_URL: 'https://rewards.test' }), welcomeCertificateCategory: null },
      messaging: { smtp: { url: sink.url, from: 'Rewards <rewards@mail.test>' }, messageIdDomain: 'mail.test', dispatch: true },
      // Short waits so an outage and its retries take milliseconds; the policy's shape is the production one.
      dispatcher: { idleMs: 20, retry: { maxAttempts: 30, baseDelayMs: 40, maxDelayMs: 200 } },
    });
    admin = (await s.login(DEMO.admin.email)).token;
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  const outboxFor = async (recipient: string) =>
    (
      (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin })).body as {
        id: number;
        subject: string;
        status: string;
        attempts: number;
        sentAt?: string;
        lastError?: string;
      }[]
    ).filter((m) => !isWelcomeMail(m));
  // What arrived for one recipient, but for the welcome every new member gets.
  const arrivedFor = (recipient: string) =>
    sink.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0].address === recipient && !isWelcomeMail({ subject: m.subject }));
  const resetFor = (email: string) =>
    s.call('POST', '/api/rest/authenticate/forgot-password', { body: { email }, headers: { 'x-forwarded-for': `10.30.${Math.floor(Math.random() * 250)}.1` } });

  describe('when a member asks for a password reset', () => {
    it('arrives as an e-mail from MAIL_FROM with a text and an HTML part, an absolute link and the outbox Message-ID', async () => {
      const m = await s.enroll();
      await resetFor(m.email);
      await eventually(async () => expect(arrivedFor(m.email)).toHaveLength(1));
      const mail = arrivedFor(m.email)[0];
      expect(mail.from?.value[0]).toEqual({ address: 'rewards@mail.test', name: 'Rewards' });
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toMatch(/https:\/\/rewards\.test\/forgot-password\?token=\S+/);
      expect(mail.html).toMatch(/<a href="https:\/\/rewards\.test\/forgot-password\?token=[^"]+">/);
      const [item] = await eventually(async () => {
        const items = await outboxFor(m.email);
        expect(items[0].status).toBe('SENT');
        return items;
      });
      expect(mail.messageId).toMatch(new RegExp(`^<outbox\\.${item.id}\\.[0-9a-z]+@mail\\.test>$`));
      expect(item).toMatchObject({ attempts: 1, sentAt: expect.any(String) });
      expect(mail.headers.has('list-unsubscribe')).toBe(false);
    });
  });

  describe('when the SMTP server is down for a while', () => {
    it('keeps the mail, retries, and delivers it once when the server is back', async () => {
      const m = await s.enroll();
      await sink.stop();
      try {
        await resetFor(m.email);
        // The mail waits: attempts fail and are recorded, nothing is lost or parked.
        await eventually(async () => {
          const [item] = await outboxFor(m.email);
          expect(item).toMatchObject({ status: 'PENDING', lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
          expect(item.attempts).toBeGreaterThanOrEqual(2);
        });
        // The waiting mail shows on the probe's detail (still ready: members can use the portal) and the status page.
        const ready = await s.call('GET', '/readyz');
        expect(ready.status).toBe(200);
        expect(ready.body.outbox).toMatchObject({ pending: expect.any(Number), behind: false });
        expect(ready.body.outbox.pending).toBeGreaterThanOrEqual(1);
        expect(ready.body.outbox.oldestAgeSeconds).toBeGreaterThan(0);
        expect((await s.call('GET', '/api/rest/admin/status', { token: admin })).body.outbox.pending).toBeGreaterThanOrEqual(1);
      } finally {
        await sink.start();
      }
      await eventually(async () => expect((await outboxFor(m.email))[0].status).toBe('SENT'));
      // Later batches keep running; one more round must not bring a second copy.
      const before = sink.received.length;
      const other = await s.enroll();
      await resetFor(other.email);
      await sink.waitFor(before + 1);
      expect(arrivedFor(m.email)).toHaveLength(1);
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toMatch(/messages_retried_total\{channel="email"\} [1-9]/);
      expect(metrics).toMatch(/messages_sent_total\{channel="email"\} [1-9]/);
      expect(metrics).toMatch(/outbox_oldest_pending_age_seconds \d/);
    });
  });

  describe('when the server refuses the recipient for good (550)', () => {
    it('parks the message at once; an admin sees it and retries it, and it is delivered', async () => {
      const m = await s.enroll();
      sink.refused.add(m.email);
      await resetFor(m.email);
      const [parked] = await eventually(async () => {
        const items = (await s.call('GET', '/api/rest/admin/outbox?status=FAILED', { token: admin })).body as {
          id: number;
          recipient: string;
          subject: string;
          lastError?: string;
        }[];
        const mine = items.filter((i) => i.recipient === m.email && !isWelcomeMail(i));
        expect(mine).toHaveLength(1);
        return mine;
      });
      expect(parked).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/550/) });
      sink.refused.delete(m.email);
      const retried = await s.call('POST', `/api/rest/admin/outbox/${parked.id}/retry`, { token: admin });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ id: parked.id, status: 'PENDING', attempts: 0 });
      await eventually(async () => expect((await outboxFor(m.email))[0].status).toBe('SENT'));
      expect(arrivedFor(m.email)).toHaveLength(1);
      // Only a parked message is retried; the rest answer as problems naming what is wrong.
      expect((await s.call('POST', `/api/rest/admin/outbox/${parked.id}/retry`, { token: admin })).status).toBe(409);
      expect((await s.call('POST', '/api/rest/admin/outbox/999999999/retry', { token: admin })).status).toBe(404);
      const bad = await s.call('POST', '/api/rest/admin/outbox/abc/retry', { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe('path.id');
      expect((await s.call('POST', `/api/rest/admin/outbox/${parked.id}/retry`, { token: m.token })).status).toBe(403);
    });
  });
});
