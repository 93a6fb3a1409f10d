import type { MessagingSettings } from '../config';
import { smtpTransport } from './smtp-transport';
import { demoMailbox, type Transport } from './transport';
import { twilioSmsTransport } from './twilio-sms-transport';

/** Each channel's transport as the settings choose: the provider when configured, else the demo mailbox. */
export const transportsFor = (settings: MessagingSettings): Record<'email' | 'sms', Transport> => ({
  email: settings.smtp ? smtpTransport(settings.smtp) : demoMailbox(),
  sms: settings.twilio ? twilioSmsTransport(settings.twilio) : demoMailbox(),
});

/** The demo default: both channels to the demo mailbox, Message-IDs on localhost, dispatched here. */
export const DEMO_MESSAGING: MessagingSettings = { messageIdDomain: 'localhost', dispatch: true };
