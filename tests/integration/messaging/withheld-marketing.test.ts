import { enqueue } from '../../../server/mail/outbox';
import { OutboxDispatcher, WITHHELD } from '../../../server/messaging/dispatcher';
import { smtpTransport } from '../../../server/messaging/smtp-transport';
import { eventually } from '../../support/event-store-contract-helpers';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

/*
 * A campaign of 100,000 e-mails takes minutes to send: a member who unsubscribes meanwhile must not get the rest.
 * The consent read model is set as its projection would leave it after the member's MessagePreferencesChanged.
 */
describe('marketing messages written before the member withdrew consent', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    db = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
    await db.drop();
  });

  it('are withheld (parked, naming why), while their transactional messages and other members’ offers go', async () => {
    await db.pool.query(
      `INSERT INTO rm_message_preferences (pax_id, email_marketing, sms_marketing, changed_at) VALUES (7, false, false, now()), (8, true, false, now())`,
    );
    const offer = (paxId: number, channel: 'email' | 'sms' = 'email') =>
      enqueue(db.pool, {
        channel,
        recipient: channel === 'email' ? `m${paxId}@example.com` : '9495550107',
        subject: 'Offer',
        body: 'An offer',
        kind: 'marketing',
        paxId,
      });
    await offer(7);
    await offer(8);
    await offer(9);
    // Texts need an opt-in: member 8 has none.
    await offer(8, 'sms');
    await enqueue(db.pool, { channel: 'email', recipient: 'm7@example.com', subject: 'Reset your password', body: 'A reset', paxId: 7 });
    const smtp = smtpTransport({ url: sink.url, from: 'Rewards <rewards@mail.test>' });
    const dispatcher = new OutboxDispatcher(db.pool, { email: smtp, sms: smtp }, { idleMs: 10 });
    dispatcher.start();
    try {
      await eventually(async () => {
        const r = await db.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE status = 'PENDING'`);
        expect(r.rows[0].n).toBe(0);
      });
    } finally {
      await dispatcher.stop();
      await smtp.close();
    }
    const rows = (await db.pool.query(`SELECT pax_id::int AS pax, channel, subject, status, last_error FROM outbox ORDER BY id`)).rows;
    expect(rows).toEqual([
      { pax: 7, channel: 'email', subject: 'Offer', status: 'FAILED', last_error: WITHHELD },
      { pax: 8, channel: 'email', subject: 'Offer', status: 'SENT', last_error: null },
      { pax: 9, channel: 'email', subject: 'Offer', status: 'SENT', last_error: null },
      { pax: 8, channel: 'sms', subject: 'Offer', status: 'FAILED', last_error: WITHHELD },
      { pax: 7, channel: 'email', subject: 'Reset your password', status: 'SENT', last_error: null },
    ]);
    expect(sink.received.map((m) => `${(m.to as { text: string }).text} ${m.subject}`).sort()).toEqual([
      'm7@example.com Reset your password',
      'm8@example.com Offer',
      'm9@example.com Offer',
    ]);
  });
});
