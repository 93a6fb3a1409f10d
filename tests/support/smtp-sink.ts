import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process: what arrives is parsed with mailparser. It can be stopped (an outage) and
 * started again on the same port, and told to refuse recipients with a 5xx.
 */
export interface SmtpSink {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Recipients answered 550 at RCPT TO while listed here. */
  refused: Set<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` messages have arrived (polled, no fixed wait). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const refused = new Set<string>();
  let server: SMTPServer | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        // An outage drops open connections at once, as a relay going down does (the default waits 30 s for them).
        closeTimeout: 50,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (refused.has(address.address.toLowerCase())) {
            const e = new Error('No such mailbox') as Error & { responseCode: number };
            e.responseCode = 550;
            return callback(e);
          }
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      s.on('error', reject);
      s.listen(port, '127.0.0.1', () => resolve((s.server.address() as AddressInfo).port));
      server = s;
    });
  const port = await listen(0);
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: async () => {
      await listen(port);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} messages; ${received.length} arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
  };
  return sink;
}
