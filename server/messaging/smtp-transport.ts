import nodemailer from 'nodemailer';
import { textToHtml } from './email-html';
import { PermanentDeliveryError, type Envelope, type Transport } from './transport';

export interface SmtpSettings {
  /** SMTP_URL, e.g. `smtp://user:pass@host:587` (`smtps://` for TLS from the first byte). */
  url: string;
  /** MAIL_FROM, e.g. `Rewards <rewards@example.com>`. */
  from: string;
  /** Connections kept open to the relay; a batch's messages are spread over them. */
  maxConnections?: number;
}

/** A 5xx reply is the server's final word on that message (no such mailbox, refused content): no retry will change it. */
const permanent = (e: unknown): boolean => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * E-mail over SMTP with nodemailer's pooled transport: connections are reused across messages (a new TLS handshake
 * per message would cap throughput far below a campaign's needs). Each message has a plain-text and an HTML part,
 * and the Message-ID the outbox gave it, so a re-send after a crash is the same message to the receiver.
 */
export function smtpTransport(settings: SmtpSettings): Transport {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: settings.maxConnections ?? 5,
    maxMessages: 1000,
    // A silent server fails the attempt well within the dispatcher's lease (server/messaging/dispatcher.ts).
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(m: Envelope) {
      try {
        const info = await transporter.sendMail({
          from: settings.from,
          to: m.recipient,
          subject: m.subject,
          text: m.body,
          html: textToHtml(m.subject, m.body),
          messageId: m.messageId,
          headers: m.unsubscribeUrl ? { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
        });
        // The relay's reply names its queue id ("250 2.0.0 Ok: queued as 4XYZ"): what its logs know the message by.
        return { providerId: typeof info.response === 'string' && info.response ? info.response : info.messageId };
      } catch (e) {
        if (permanent(e)) throw new PermanentDeliveryError((e as Error).message);
        throw e;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
