/** One message as the dispatcher hands it to a channel's transport. */
export interface Envelope {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** Stable for the message's life: a re-send after a crash carries the same one, so a receiver can tell. */
  messageId: string;
  /** Marketing e-mails: the signed one-click unsubscribe address (List-Unsubscribe). */
  unsubscribeUrl: string | null;
}

/** What the provider answered for an accepted message: its id for it (an SMTP queue reply, a Twilio message sid). */
export interface Delivered {
  providerId: string;
}

/** The port a channel's provider is reached through. */
export interface Transport {
  /** Where messages go, for logs and the status page: `smtp`, `twilio`, `demo-mailbox`. */
  readonly name: string;
  send(message: Envelope): Promise<Delivered>;
  close(): Promise<void>;
}

/**
 * A refusal that no retry can fix (a malformed address, a body too long for two text segments, an SMTP 5xx): the
 * message is parked at once instead of being tried again for hours.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** The demo mailbox: the outbox table itself, read by admins at GET /admin/outbox. Delivery is instant and certain. */
export const demoMailbox = (): Transport => ({
  name: 'demo-mailbox',
  send: async () => ({ providerId: 'demo-mailbox' }),
  close: async () => undefined,
});
