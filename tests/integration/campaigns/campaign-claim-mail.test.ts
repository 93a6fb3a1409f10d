import { unsubscribeFooter } from '../../../server/messaging/consent/marketing-email';
import { signingKey, unsubscribeToken } from '../../../server/messaging/consent/unsubscribe-token';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, addEmailTemplate, createCampaign, loginThrough, mailTo, shiftDays, us } from './campaign-helpers';

let s: TestServer;
let admin: string;
const logs: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ log: (message) => logs.push(message) });
  admin = (await s.login(DEMO.admin.email)).token;
});
afterAll(() => s.stop());

const SUBJECT = '{firstName}, your {amount} {certificateName} is here';
const BODY = '{campaignName}: valid {activationDate} to {expirationDate}. {unknownPlaceholder} stays.';

/** A campaign whose claim e-mails are two fresh templates: one for new members, one for existing ones. */
async function mailingCampaign(over: Record<string, unknown> = {}) {
  const newMemberTemplateId = await addEmailTemplate(s, admin, `NEW ${SUBJECT}`, BODY);
  const existingMemberTemplateId = await addEmailTemplate(s, admin, SUBJECT, BODY);
  const body = activeCampaign({ newMemberTemplateId, existingMemberTemplateId, ...over });
  return { id: await createCampaign(s, admin, body), name: body.campaignName as string };
}

describe('the claim e-mail', () => {
  it('goes to an existing member who claims through the link, rendered from the existing-member template, once', async () => {
    const campaign = await mailingCampaign();
    const member = await s.enroll({ firstName: 'Robin' });
    const claim = await loginThrough(s, member.email, campaign.id);
    const { activationDate, expirationDate } = claim.body.events[0];
    expect(expirationDate).toBe(shiftDays(activationDate, 90));

    expect(await mailTo(s, admin, member.email)).toEqual([
      expect.objectContaining({
        subject: 'Robin, your $25.00 Spring Treatment Offer is here',
        // The rendered template, then the unsubscribe footer every marketing e-mail ends with (issue 30).
        body: `${campaign.name}: valid ${us(activationDate)} to ${us(expirationDate)}. {unknownPlaceholder} stays.${unsubscribeFooter(
          `http://localhost:3000/unsubscribe?token=${unsubscribeToken(await signingKey(s.runtime.deps.pool), member.paxId)}`,
        )}`,
      }),
    ]);
    expect(await loginThrough(s, member.email, campaign.id)).toMatchObject({ body: { events: [{ code: `MKT_LOGIN_CERT_ALREADY_CLAIMED_${campaign.id}` }] } });
    expect(await mailTo(s, admin, member.email)).toHaveLength(1);
  });

  it('uses the new-member template when the member enrolls through the link', async () => {
    const campaign = await mailingCampaign();
    const member = await s.enroll({ firstName: 'Sam', campaignId: campaign.id });
    const mails = await mailTo(s, admin, member.email);
    expect(mails.map((m) => m.subject)).toEqual(['NEW Sam, your $25.00 Spring Treatment Offer is here']);
  });

  it('is written exactly once when five sign-ins race for the offer', async () => {
    const campaign = await mailingCampaign();
    const member = await s.enroll();
    await Promise.all(Array.from({ length: 5 }, () => loginThrough(s, member.email, campaign.id)));
    expect(await mailTo(s, admin, member.email)).toHaveLength(1);
  });

  it('is written by a retried claim when the process died between the certificate and the e-mail, with the same template', async () => {
    const campaign = await mailingCampaign();
    const member = await s.enroll({ firstName: 'Kim', campaignId: campaign.id });
    // The crash: the certificate is in the event store, its e-mail never reached the outbox.
    await s.runtime.deps.pool.query('DELETE FROM outbox WHERE lower(recipient) = lower($1)', [member.email]);
    const retry = await loginThrough(s, member.email, campaign.id);
    expect(retry.body.events.map((e: { code: string }) => e.code)).toEqual([`MKT_LOGIN_CERT_ALREADY_CLAIMED_${campaign.id}`]);
    expect((await mailTo(s, admin, member.email)).map((m) => m.subject)).toEqual(['NEW Kim, your $25.00 Spring Treatment Offer is here']);
    await loginThrough(s, member.email, campaign.id);
    expect(await mailTo(s, admin, member.email)).toHaveLength(1);
  });

  it('is not sent when the campaign names no template', async () => {
    const id = await createCampaign(s, admin, activeCampaign());
    const member = await s.enroll({ campaignId: id });
    await loginThrough(s, member.email, id);
    expect(await mailTo(s, admin, member.email)).toEqual([]);
  });

  it('is not sent, and a warning names campaign and template, when content has no such template', async () => {
    const body = activeCampaign({ existingMemberTemplateId: 'no-such-template' });
    const id = await createCampaign(s, admin, body);
    const member = await s.enroll();
    const claim = await loginThrough(s, member.email, id);
    expect(claim.body.events[0].code).toBe(`MKT_LOGIN_CERT_SUCCESS_${id}`);
    expect(await mailTo(s, admin, member.email)).toEqual([]);
    expect(logs.some((l) => l.includes(`campaign ${id}`) && l.includes('"no-such-template"'))).toBe(true);
  });

  it('demo: the SPRING campaign mails its seeded templates', async () => {
    const demo = await s.runtime.deps.pool.query<{ id: string }>(`SELECT id FROM dr_campaigns WHERE mk_code = 'SPRING'`);
    const member = await s.enroll({ firstName: 'Alex', campaignId: Number(demo.rows[0].id) });
    const [mail] = await mailTo(s, admin, member.email);
    expect(mail.subject).toBe('Welcome, Alex: your $25.00 offer is in your wallet');
    expect(mail.body).toContain('Spring Treatment Offer worth $25.00');
  });
});
