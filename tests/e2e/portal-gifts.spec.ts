import { randomUUID } from 'node:crypto';
import { acceptTheTerms } from './support/enrollment-form';
import { expect, test } from './support/test';
import { admin, signInThroughApi, signInThroughPage } from './support/demo-users';

/** Issue: a gift stayed ACTIVE in the buyer's wallet under the code e-mailed to its recipient. */
test('a gift belongs to its recipient: they join through its link and claim it; the buyer sees it as sent and claimed', async ({ browser, request }) => {
  const buyerEmail = `buyer-${randomUUID()}@example.com`;
  const recipientEmail = `recipient-${randomUUID()}@example.com`;
  const password = 'Sturdy-pass-42';
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Bea', lastName: 'Buyer', email: buyerEmail, password, postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  const { pax } = (await enrolled.json()) as { pax: { paxId: number } };
  const { authToken } = await signInThroughApi(request, admin);
  expect(
    (
      await request.post(`/api/rest/admin/participants/${pax.paxId}/points`, {
        headers: { 'auth-token': authToken },
        data: { amount: 500, description: 'Gift money', idempotencyKey: randomUUID() },
      })
    ).status(),
  ).toBe(201);

  const buyer = await (await browser.newContext()).newPage();
  await signInThroughPage(buyer, { email: buyerEmail, password });
  await buyer.goto('/gift-certificates/landing');
  await buyer.getByRole('button', { name: 'BUY ASPIRE GIFT CERTIFICATE' }).click();
  await buyer.getByLabel('$50.00 for 500 points').check();
  await buyer.getByLabel('Send it as a gift').check();
  await buyer.getByLabel('Recipient name').fill('Remy Recipient');
  await buyer.getByLabel('Recipient e-mail').fill(recipientEmail);
  await buyer.getByLabel('Your name').fill('Bea');
  await buyer.getByRole('button', { name: 'ADD TO CART' }).click();
  await buyer.getByRole('button', { name: 'CHECKOUT' }).click();
  await buyer.getByRole('button', { name: 'CONFIRM PURCHASE' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Thank You' })).toBeVisible();
  await buyer.goto('/wallet');
  // Listed apart from the buyer's own certificates (issue 27), as sent: the only Aspire certificate is the gift.
  await expect(buyer.getByTestId('certificate').filter({ hasText: 'Aspire' })).toHaveCount(1);
  const aspire = buyer.getByTestId('gifts-sent').getByTestId('certificate').filter({ hasText: 'Aspire' });
  await expect(aspire).toHaveCount(1);
  const sent = aspire.getByTestId('gift-sent-status');
  await expect(sent).toHaveText(`Sent to Remy Recipient (${recipientEmail}) · not yet claimed`);

  let link: URL | undefined;
  await expect
    .poll(async () => {
      const box = (await (
        await request.get('/api/rest/admin/outbox', { headers: { 'auth-token': authToken }, params: { recipient: recipientEmail } })
      ).json()) as { body: string }[];
      const found = /(https?:\/\/\S+\/gift-certificates\/claim\?code=\S+)/.exec(box[0]?.body ?? '')?.[1];
      link = found ? new URL(found) : undefined;
      return found !== undefined;
    })
    .toBe(true);

  const recipient = await (await browser.newContext()).newPage();
  await recipient.goto(`${link!.pathname}${link!.search}`);
  await expect(recipient.getByRole('heading', { name: 'Claim your gift certificate' })).toBeVisible();
  await recipient.getByRole('main').getByRole('link', { name: 'Join now' }).click();
  await recipient.getByLabel('First name').fill('Remy');
  await recipient.getByLabel('Last name').fill('Recipient');
  await recipient.getByLabel('E-mail address').fill(recipientEmail);
  await recipient.getByLabel('Password').fill(password);
  await recipient.getByLabel('ZIP code').fill('92612');
  await recipient.getByLabel('Date of birth (MM/DD/YYYY)').fill('02/02/1992');
  await acceptTheTerms(recipient);
  await recipient.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(recipient).toHaveURL(/\/gift-certificates\/claim\?code=/);
  await recipient.getByRole('button', { name: 'CLAIM THIS GIFT' }).click();
  await expect(recipient.getByRole('status')).toContainText('is now in your wallet');
  await recipient.getByRole('link', { name: 'Open your wallet' }).click();
  await expect(recipient.getByTestId('certificate').filter({ hasText: 'Gift from Bea' })).toHaveCount(1);

  // The buyer's open wallet follows the claim live.
  await expect(sent).toHaveText(`Sent to Remy Recipient (${recipientEmail}) · claimed · ACTIVE`);
  // A second claim of the same code, by anyone, is refused.
  const third = await request.post('/api/rest/enrollment', {
    data: {
      firstName: 'Tia',
      lastName: 'Third',
      email: `third-${randomUUID()}@example.com`,
      password,
      postalCode: '92612',
      dateOfBirth: '1990-01-01',
      termsAccepted: true,
    },
  });
  const again = await request.post('/api/rest/gift-certificates/claim', {
    headers: { 'auth-token': ((await third.json()) as { authToken: string }).authToken },
    data: { code: link!.searchParams.get('code') },
  });
  expect(again.status()).toBe(409);
});
