import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enqueue } from '../../../server/mail/outbox';
import { OutboxDispatcher } from '../../../server/messaging/dispatcher';
import { PermanentDeliveryError } from '../../../server/messaging/transport';
import { twilioSmsTransport } from '../../../server/messaging/twilio-sms-transport';
import { eventually } from '../../support/event-store-contract-helpers';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'test-auth-token';

interface Received {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
  /** What the fake answered. */
  status: number;
}

/**
 * A local stand-in for Twilio's Messages API: the same path, Basic auth, form-encoded fields and JSON answers (201
 * with a message resource; 400 with Twilio's error body for a number it cannot text; 503 while "down").
 */
async function fakeTwilio() {
  const received: Received[] = [];
  const state = { down: false };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    const seen: Received = { path: req.url ?? '', authorization: req.headers.authorization, form, status: 201 };
    received.push(seen);
    res.setHeader('content-type', 'application/json');
    if (state.down) {
      res.statusCode = seen.status = 503;
      return res.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
    }
    if (form.get('To') === '+15005550001') {
      res.statusCode = seen.status = 400;
      return res.end(
        JSON.stringify({
          code: 21211,
          message: "The 'To' number +15005550001 is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        }),
      );
    }
    res.statusCode = 201;
    res.end(
      JSON.stringify({
        sid: `SM${String(received.length).padStart(32, '0')}`,
        account_sid: SID,
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        status: 'queued',
        num_segments: '1',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${SID}/Messages/SM1.json`,
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('texts through Twilio', () => {
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    twilio = await fakeTwilio();
  });
  afterAll(async () => {
    await twilio.close();
  });
  const transport = () => twilioSmsTransport({ accountSid: SID, authToken: TOKEN, from: '+19495550100', apiBaseUrl: twilio.url });
  const envelope = (recipient: string, body = 'Your code is 123456') => ({
    id: 1,
    channel: 'sms' as const,
    recipient,
    subject: 's',
    body,
    messageId: '<x@y>',
    unsubscribeUrl: null,
  });

  describe('when a text is sent to a US number written with ten digits', () => {
    it('posts it to the Messages API in E.164 with the account credentials and answers the message sid', async () => {
      const { providerId } = await transport().send(envelope('(949) 555-1234'));
      const last = twilio.received.at(-1)!;
      expect(last.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(last.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
      expect(Object.fromEntries(last.form)).toEqual({ To: '+19495551234', From: '+19495550100', Body: 'Your code is 123456' });
      expect(providerId).toMatch(/^SM\d{32}$/);
    });
  });

  describe('when the text cannot be sent as it is', () => {
    it('refuses for good a number Twilio rejects, a number that is not one, and a body over two segments', async () => {
      await expect(transport().send(envelope('+15005550001'))).rejects.toThrow(PermanentDeliveryError);
      const before = twilio.received.length;
      await expect(transport().send(envelope('12345'))).rejects.toThrow(PermanentDeliveryError);
      await expect(transport().send(envelope('9495551234', 'x'.repeat(307)))).rejects.toThrow(/3 segments/);
      expect(twilio.received).toHaveLength(before);
    });
  });

  describe('when Twilio is down, through the dispatcher', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db.drop();
    });
    it('retries and delivers the text once Twilio answers again', async () => {
      twilio.state.down = true;
      await enqueue(db.pool, { channel: 'sms', recipient: '9495557777', subject: 'Confirm', body: 'Confirm your treatment: https://rewards.test/t/1' });
      const sms = transport();
      const dispatcher = new OutboxDispatcher(db.pool, { email: sms, sms }, { idleMs: 10, retry: { maxAttempts: 30, baseDelayMs: 20, maxDelayMs: 100 } });
      dispatcher.start();
      try {
        await eventually(async () => {
          const r = await db.pool.query('SELECT status, attempts, last_error FROM outbox');
          expect(r.rows[0]).toMatchObject({ status: 'PENDING', last_error: expect.stringMatching(/unavailable/i) });
          expect(r.rows[0].attempts).toBeGreaterThanOrEqual(2);
        });
        twilio.state.down = false;
        await eventually(async () => {
          const r = await db.pool.query('SELECT status, provider_id FROM outbox');
          expect(r.rows[0]).toMatchObject({ status: 'SENT', provider_id: expect.stringMatching(/^SM/) });
        });
      } finally {
        await dispatcher.stop();
      }
      const accepted = twilio.received.filter((r) => r.form.get('To') === '+19495557777' && r.status === 201);
      expect(accepted).toHaveLength(1);
    });
  });
});
