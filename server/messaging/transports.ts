import type { MessagingSettings } from '../config';
import { demoMailbox, type Transport } from './transport';

/**
 * Each channel's transport as the settings choose: the provider when configured, else the demo mailbox. A provider's
 * module (and its SDK: Twilio's alone was 130 ms of every test file's start) is loaded only when it is configured.
 */
export async function transportsFor(settings: MessagingSettings): Promise<Record<'email' | 'sms', Transport>> {
  return {
    email: settings.smtp ? (await import('./smtp-transport')).smtpTransport(settings.smtp) : demoMailbox(),
    sms: settings.twilio ? (await import('./twilio-sms-transport')).twilioSmsTransport(settings.twilio) : demoMailbox(),
  };
}

/** The demo default: both channels to the demo mailbox, Message-IDs on localhost, dispatched here. */
export const DEMO_MESSAGING: MessagingSettings = { messageIdDomain: 'localhost', dispatch: true };
