import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi, signInThroughPage } from './support/demo-users';

interface OutboxItem {
  body: string;
  subject: string;
  status: string;
}

/** Issue 30: a member unsubscribes from a campaign e-mail's link without signing in, then changes it back on the profile. */
test('a member unsubscribes through the link in a campaign e-mail, is left out of the next one, and opts back in on the profile', async ({ page, request }) => {
  const email = `consent-${randomUUID()}@example.com`;
  const password = 'Sturdy-pass-42';
  const enrolled = await request.post('/api/rest/enrollment', {
    // They agree to marketing e-mail on joining (issue 54, item 10: nothing is assumed), so the campaign reaches them.
    data: {
      firstName: 'Casey',
      lastName: 'Consent',
      email,
      password,
      postalCode: '92612',
      dateOfBirth: '1990-01-01',
      termsAccepted: true,
      marketingEmail: true,
    },
  });
  expect(enrolled.status()).toBe(201);
  const paxId = ((await enrolled.json()) as { pax: { paxId: number } }).pax.paxId;
  const headers = { 'auth-token': (await signInThroughApi(request, admin)).authToken };
  const broadcast = (key: string, subject: string) =>
    request.post('/api/rest/admin/messages/broadcasts', { headers, data: { key, subject, body: 'Hello {firstName}, a spring offer is waiting.' } });
  const mailbox = async (r: APIRequestContext) =>
    (await (await r.get('/api/rest/admin/outbox', { headers, params: { recipient: email } })).json()) as OutboxItem[];

  expect((await broadcast(`spring-${randomUUID()}`, 'Spring offers')).status()).toBe(200);
  // The demo mailbox is delivered by the same dispatcher that sends SMTP when it is configured.
  await expect.poll(async () => (await mailbox(request)).find((m) => m.subject === 'Spring offers')?.status).toBe('SENT');
  const offer = (await mailbox(request)).find((m) => m.subject === 'Spring offers')!;
  expect(offer.body).toContain('Hello Casey, a spring offer is waiting.');
  const link = new URL(/(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(offer.body)![1]);

  // Not signed in: the page asks before it acts, then confirms.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from marketing e-mails' })).toBeVisible();
  await expectNoSeriousViolations(page, '/unsubscribe');
  await page.getByRole('button', { name: 'UNSUBSCRIBE' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed from marketing e-mails.');
  await page.reload();
  await expect(page.getByRole('status')).toContainText('already unsubscribed');

  // A link whose signature does not hold changes nothing and says so.
  await page.goto(`/unsubscribe?token=${paxId}.AAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByRole('alert')).toContainText('This link does not work');

  // The next campaign leaves the member out (once the consent read model has the change).
  await expect
    .poll(async () => {
      const key = `summer-${randomUUID()}`;
      await broadcast(key, `Summer offers ${key}`);
      return (await mailbox(request)).filter((m) => m.subject === `Summer offers ${key}`).length;
    })
    .toBe(0);

  await signInThroughPage(page, { email, password });
  await page.goto('/profile/personal-info');
  const byEmail = page.getByLabel('Offers, reminders and survey invitations by e-mail');
  const byText = page.getByLabel('Offers by text message (message and data rates may apply)');
  await expect(byEmail).not.toBeChecked();
  await expect(byText).not.toBeChecked();
  await byEmail.check();
  await expect(page.getByRole('status')).toContainText('Saved.');
  await expect(byEmail).toBeChecked();
  await byText.check();
  await expect(byText).toBeChecked();
  await expectNoSeriousViolations(page, '/profile/personal-info with message choices');

  // Each change is an event in the member's history, naming how it was made.
  const timeline = (await (await request.get(`/api/rest/admin/participants/${paxId}/timeline`, { headers })).json()) as {
    events: { type: string; data: { via: string; emailMarketing: boolean; smsMarketing: boolean } }[];
  };
  expect(timeline.events.filter((e) => e.type === 'MessagePreferencesChanged').map((e) => e.data)).toEqual([
    expect.objectContaining({ via: 'email-link', emailMarketing: false, smsMarketing: false }),
    expect.objectContaining({ via: 'profile', emailMarketing: true, smsMarketing: false }),
    expect.objectContaining({ via: 'profile', emailMarketing: true, smsMarketing: true }),
  ]);
});
