import { messagingSettingsFromEnv } from '../../../server/config';

describe('messaging settings', () => {
  describe('when nothing is set', () => {
    it('delivers to the demo mailbox, from no-reply on the portal host, dispatching here', () => {
      expect(messagingSettingsFromEnv({ PUBLIC_URL: 'https://rewards.example.com' })).toEqual({
        smtp: undefined,
        messageIdDomain: 'rewards.example.com',
        twilio: undefined,
        dispatch: true,
      });
    });
  });

  describe('when SMTP_URL and MAIL_FROM are set', () => {
    it('sends over SMTP from that sender, its domain ending Message-IDs', () => {
      const s = messagingSettingsFromEnv({ SMTP_URL: 'smtp://u:p@relay:587', MAIL_FROM: 'Rewards <hello@mail.example.com>' });
      expect(s.smtp).toEqual({ url: 'smtp://u:p@relay:587', from: 'Rewards <hello@mail.example.com>' });
      expect(s.messageIdDomain).toBe('mail.example.com');
    });
    it('refuses to start on a URL that is not SMTP or a sender that is not an address, naming the setting', () => {
      expect(() => messagingSettingsFromEnv({ SMTP_URL: 'http://relay' })).toThrow(/SMTP_URL/);
      expect(() => messagingSettingsFromEnv({ MAIL_FROM: 'Rewards' })).toThrow(/MAIL_FROM/);
    });
  });

  describe('when Twilio is configured', () => {
    it('needs a sender number or a messaging service', () => {
      expect(() => messagingSettingsFromEnv({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toThrow(/TWILIO_FROM_NUMBER/);
      expect(messagingSettingsFromEnv({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+19495550100' }).twilio).toMatchObject({
        accountSid: 'AC1',
        from: '+19495550100',
      });
    });
  });

  it('leaves the outbox to other processes with OUTBOX_DISPATCH=off', () => {
    expect(messagingSettingsFromEnv({ OUTBOX_DISPATCH: 'off' }).dispatch).toBe(false);
  });
});
