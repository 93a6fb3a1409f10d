import pg from 'pg';
import { enqueue } from '../../../server/mail/outbox';
import { OutboxDispatcher } from '../../../server/messaging/dispatcher';
import { smtpTransport } from '../../../server/messaging/smtp-transport';
import type { Transport } from '../../../server/messaging/transport';
import { eventually } from '../../support/event-store-contract-helpers';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

/*
 * Dispatchers as separate processes would run them: each on its own pool and SMTP connections, one database between
 * them, a real SMTP server receiving. What arrives is counted by Message-ID.
 */
describe('outbox dispatchers sharing one database', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  const started: { dispatcher: OutboxDispatcher; pool: pg.Pool; transport: Transport }[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    for (const s of started.splice(0)) {
      await s.dispatcher.stop();
      await s.transport.close();
      await s.pool.end().catch(() => undefined);
    }
    await sink.stop();
    await db.drop();
  });

  const dispatcherOn = (options: { leaseMs?: number; wrap?: (t: Transport, pool: pg.Pool) => Transport } = {}) => {
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    const smtp = smtpTransport({ url: sink.url, from: 'Rewards <rewards@mail.test>', maxConnections: 3 });
    const transport = options.wrap ? options.wrap(smtp, pool) : smtp;
    const dispatcher = new OutboxDispatcher(
      pool,
      { email: transport, sms: transport },
      { batchSize: 10, idleMs: 10, leaseMs: options.leaseMs ?? 60_000, messageIdDomain: 'mail.test' },
    );
    started.push({ dispatcher, pool, transport: smtp });
    return dispatcher;
  };
  const write = async (n: number) => {
    for (let i = 0; i < n; i++) await enqueue(db.pool, { channel: 'email', recipient: `m${i}@example.com`, subject: `Message ${i}`, body: `Body ${i}` });
  };
  const statuses = async () => (await db.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM outbox GROUP BY status')).rows;

  describe('when two dispatchers race over the same queue', () => {
    it('delivers every message exactly once', async () => {
      await write(300);
      const a = dispatcherOn();
      const b = dispatcherOn();
      a.start();
      b.start();
      await sink.waitFor(300);
      await eventually(async () => expect(await statuses()).toEqual([{ status: 'SENT', n: 300 }]));
      const ids = sink.received.map((m) => m.messageId);
      expect(ids).toHaveLength(300);
      expect(new Set(ids).size).toBe(300);
      const attempts = await db.pool.query<{ max: number }>('SELECT max(attempts)::int AS max FROM outbox');
      expect(attempts.rows[0].max).toBe(1);
    });
  });

  describe('when a dispatcher dies between sending and marking', () => {
    it('lets another send the message once more, after the lease, with the same Message-ID', async () => {
      await write(1);
      // The first "process" hands the message to the SMTP server, then loses its database before it can mark it.
      const dying = dispatcherOn({
        leaseMs: 300,
        wrap: (smtp, pool) => ({
          ...smtp,
          async send(m) {
            const delivered = await smtp.send(m);
            await pool.end();
            return delivered;
          },
        }),
      });
      await expect(dying.dispatchOnce()).rejects.toThrow();
      await sink.waitFor(1);
      expect((await statuses())[0]).toEqual({ status: 'PENDING', n: 1 });
      const survivor = dispatcherOn({ leaseMs: 300 });
      // Within the lease the message is still the dead dispatcher's: nothing is claimed.
      expect(await survivor.dispatchOnce()).toBe(0);
      survivor.start();
      await sink.waitFor(2);
      await eventually(async () => expect(await statuses()).toEqual([{ status: 'SENT', n: 1 }]));
      expect(sink.received[1].messageId).toBe(sink.received[0].messageId);
      expect((await db.pool.query('SELECT attempts FROM outbox')).rows[0].attempts).toBe(2);
    });
  });
});
