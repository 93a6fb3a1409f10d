import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { MAX_SMS_SEGMENTS, smsSegments, toE164 } from './sms-text';
import { PermanentDeliveryError, type Envelope, type Transport } from './transport';

export interface TwilioSettings {
  /** TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN. */
  accountSid: string;
  authToken: string;
  /** TWILIO_FROM_NUMBER (E.164) or TWILIO_MESSAGING_SERVICE_SID: who the texts come from. */
  from?: string;
  messagingServiceSid?: string;
  /**
   * TWILIO_API_BASE_URL: another origin in place of `https://api.twilio.com` (a test double of the API, a forward
   * proxy). The SDK's own edge and region settings (TWILIO_EDGE, TWILIO_REGION) still apply when this is unset.
   */
  apiBaseUrl?: string;
}

/** The SDK's own HTTP client (axios, its auth and headers), sending each request to `base` instead of Twilio's host. */
function rebasedRequestClient(base: URL): twilio.RequestClient {
  const client = new twilio.RequestClient({ timeout: 30_000 });
  const send = client.request.bind(client);
  client.request = <TData>(opts: RequestClient.RequestOptions<TData>) => {
    const uri = new URL(opts.uri);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return send<TData>({ ...opts, uri: uri.href });
  };
  return client;
}

/** A 4xx other than 429 (an invalid or unreachable number, a blocked recipient) will be refused again: park it. */
const permanent = (e: unknown): boolean => {
  const status = (e as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
};

/** Texts through Twilio's Messages API. The recipient becomes E.164 and the body must fit two segments, or it is parked. */
export function twilioSmsTransport(settings: TwilioSettings): Transport {
  if (!settings.from && !settings.messagingServiceSid) throw new Error('Twilio needs TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID');
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiBaseUrl ? { httpClient: rebasedRequestClient(new URL(settings.apiBaseUrl)) } : {}),
  });
  return {
    name: 'twilio',
    async send(m: Envelope) {
      const to = toE164(m.recipient);
      if (!to) throw new PermanentDeliveryError(`not a phone number in E.164 or US form: ${m.recipient.replace(/\d(?=\d{2})/g, '•')}`);
      const segments = smsSegments(m.body);
      if (segments > MAX_SMS_SEGMENTS) throw new PermanentDeliveryError(`body needs ${segments} segments; at most ${MAX_SMS_SEGMENTS} are sent`);
      try {
        const message = await client.messages.create({
          to,
          body: m.body,
          ...(settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : { from: settings.from }),
        });
        return { providerId: message.sid };
      } catch (e) {
        if (permanent(e)) throw new PermanentDeliveryError((e as Error).message);
        throw e;
      }
    },
    close: async () => undefined,
  };
}
