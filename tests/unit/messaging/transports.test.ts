import { DEMO_MESSAGING, transportsFor } from '../../../server/messaging/transports';

/** The providers' modules are loaded only when configured (transports.ts); configured, each channel gets its provider. */
describe('transportsFor', () => {
  it('gives both channels the demo mailbox by default', async () => {
    const t = await transportsFor(DEMO_MESSAGING);
    expect([t.email.name, t.sms.name]).toEqual(['demo-mailbox', 'demo-mailbox']);
  });

  it('gives e-mail to SMTP and texts to Twilio when each is configured (nothing is sent or connected)', async () => {
    const t = await transportsFor({
      ...DEMO_MESSAGING,
      smtp: { url: 'smtp://127.0.0.1:2525', from: 'Rewards <rewards@mail.test>' },
      twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: 'not-a-token', from: '+19495550100' },
    });
    expect([t.email.name, t.sms.name]).toEqual(['smtp', 'twilio']);
    await Promise.all([t.email.close(), t.sms.close()]);
  });

  it('refuses a Twilio configuration without a sender at start, as before', async () => {
    await expect(transportsFor({ ...DEMO_MESSAGING, twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: 'not-a-token' } })).rejects.toThrow(
      'Twilio needs TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
    );
  });
});
