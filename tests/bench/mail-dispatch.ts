import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { settingsFromEnv } from '../../server/config';
import { enqueueBroadcast } from '../../server/messaging/broadcast';
import { OutboxDispatcher } from '../../server/messaging/dispatcher';
import { smtpTransport } from '../../server/messaging/smtp-transport';
import type { Envelope } from '../../server/messaging/transport';
import { createTestDatabase } from '../support/test-db';

/** A local SMTP server that accepts everything and counts it (reading each message to its end, parsing nothing). */
async function countingSmtpServer() {
  const state = { received: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        state.received++;
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const body = (i: number) =>
  `Hello member ${i},\n\nYour spring offer is waiting: https://rewards.example.com/wallet?offer=${i}\n\nSee you soon.\n\n--\nUnsubscribe: https://rewards.example.com/unsubscribe?token=${i}.AAAAAAAAAAAAAAAAAAAAAA`;

/**
 * `npm run bench mail`: the outbox dispatcher's e-mails per second into a local SMTP server, against a baseline in
 * the same run: the same SMTP transport (nodemailer's pool, 5 connections, 50 messages in flight) fed straight from
 * memory, with no database. The ratio is what claiming and marking cost. Then a campaign broadcast to `members`
 * members: how long enqueueing takes and its longest chunk (each chunk is a transaction of its own).
 */
export async function benchMailDispatch(options = { messages: 4000, members: 100_000, target: 200 }): Promise<string> {
  const smtp = await countingSmtpServer();
  const db = await createTestDatabase();
  const lines: string[] = [];
  try {
    // Baseline: the transport alone.
    const direct = smtpTransport({ url: smtp.url, from: 'Rewards <rewards@bench.test>' });
    const envelope = (i: number): Envelope => ({
      id: i,
      channel: 'email',
      recipient: `member${i}@example.com`,
      subject: 'Spring offers',
      body: body(i),
      messageId: `<direct.${i}@bench.test>`,
      unsubscribeUrl: `https://rewards.example.com/api/rest/messages/unsubscribe?token=${i}.AAAAAAAAAAAAAAAAAAAAAA`,
    });
    const sendAll = async (count: number) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next < count) await direct.send(envelope(next++));
        }),
      );
    };
    // Warm-up, so the baseline is not charged for compiling nodemailer and opening the pool (the dispatcher runs after it).
    await sendAll(500);
    const t0 = performance.now();
    await sendAll(options.messages);
    const directRate = options.messages / ((performance.now() - t0) / 1000);
    await direct.close();

    // The dispatcher over the outbox: the same messages written first, then delivered and marked.
    await db.pool.query(
      `INSERT INTO outbox (channel, recipient, subject, body, kind, unsubscribe_url)
       SELECT 'email', 'member' || i || '@example.com', 'Spring offers', $2 || i, 'marketing', 'https://rewards.example.com/api/rest/messages/unsubscribe?token=' || i || '.AAAAAAAAAAAAAAAAAAAAAA'
       FROM generate_series(1, $1) i`,
      [options.messages, body(0).slice(0, -1)],
    );
    await db.pool.query('VACUUM ANALYZE outbox');
    const transport = smtpTransport({ url: smtp.url, from: 'Rewards <rewards@bench.test>' });
    const dispatcher = new OutboxDispatcher(db.pool, { email: transport, sms: transport }, { messageIdDomain: 'bench.test', idleMs: 10 });
    const before = smtp.state.received;
    const t1 = performance.now();
    dispatcher.start();
    for (;;) {
      const r = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE status = 'PENDING'`);
      if (r.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const dispatchRate = options.messages / ((performance.now() - t1) / 1000);
    await dispatcher.stop();
    await transport.close();
    const arrived = smtp.state.received - before;
    lines.push(
      `mail dispatch: ${options.messages} e-mails to a local SMTP server (nodemailer pool of 5, batches of 50)`,
      `  baseline, the SMTP transport alone: ${directRate.toFixed(0)} e-mails/s`,
      `  outbox dispatcher (claim, send, mark): ${dispatchRate.toFixed(0)} e-mails/s = ${(dispatchRate / directRate).toFixed(2)}x baseline; ` +
        `${arrived} arrived; target ${options.target}/s: ${dispatchRate >= options.target ? 'met' : 'NOT met'}`,
    );

    // A campaign to `members` members, enqueued in chunks.
    await db.pool.query(
      `WITH p AS (
         INSERT INTO participants (first_name, last_name, username, password_hash)
         SELECT 'Member' || n, 'Bench', 'bench' || n || '@example.com', 'x' FROM generate_series(1, $1) n RETURNING pax_id, username
       )
       INSERT INTO participant_emails (pax_id, email_address, preferred) SELECT pax_id, username, 'Y' FROM p`,
      [options.members],
    );
    await db.pool.query('VACUUM ANALYZE participants');
    await db.pool.query('VACUUM ANALYZE participant_emails');
    let longestChunk = 0;
    let last = performance.now();
    const t2 = performance.now();
    const progress = await enqueueBroadcast(
      db.pool,
      settingsFromEnv(),
      { key: 'bench', subject: 'Spring offers', body: 'Hello {firstName}, your spring offer is waiting.' },
      {
        onChunk: () => {
          const now = performance.now();
          longestChunk = Math.max(longestChunk, now - last);
          last = now;
        },
      },
    );
    const seconds = (performance.now() - t2) / 1000;
    lines.push(
      `  campaign to ${options.members} members: ${progress.written} e-mails enqueued in ${seconds.toFixed(1)} s ` +
        `(${(progress.written / seconds).toFixed(0)}/s), longest chunk of 1,000 ${longestChunk.toFixed(0)} ms`,
    );
  } finally {
    await smtp.close();
    await db.drop();
  }
  return lines.join('\n');
}
