import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, openSession, signInThroughApi } from './support/demo-users';

/**
 * Issue 54, item 14: the claim page offered CLAIM THIS GIFT for a code already claimed and for any text. It checks the
 * code first and says what it is, naming the sender the e-mail names.
 */
test('the claim page says what a code is: claimable from its sender, already claimed, or unknown, and offers the claim only when it can be', async ({
  page,
  request,
}) => {
  const buyer = await enrollFreshMember(request, { firstName: 'Sam', lastName: 'Sender' });
  const { authToken } = await signInThroughApi(request, admin);
  const given = await request.post(`/api/rest/admin/participants/${buyer.pax.paxId}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount: 500, description: 'Gift money', idempotencyKey: randomUUID() },
  });
  expect(given.status()).toBe(201);
  const recipient = await enrollFreshMember(request, { firstName: 'Robin', lastName: 'Friend' });
  const order = await request.post(`/api/rest/participants/${buyer.pax.paxId}/gift-certificates/orders`, {
    headers: { 'auth-token': buyer.authToken },
    data: {
      clientOrderId: randomUUID(),
      items: [
        {
          certificateCategoryCode: 'ASPIRE_GIFT',
          amount: 50,
          quantity: 1,
          isGift: true,
          recipientName: 'Robin',
          senderName: 'Sammy',
          recipientEmail: 'robin@example.com',
        },
      ],
    },
  });
  expect(order.status()).toBe(201);
  const { code } = ((await order.json()) as { certificates: { code: string }[] }).certificates[0];

  await openSession(page, recipient);
  await page.goto(`/gift-certificates/claim?code=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('gift-standing')).toContainText('Sammy sent you a $50 Aspire Gift Certificate.');
  await expectNoSeriousViolations(page, '/gift-certificates/claim claimable');
  await page.getByRole('button', { name: 'CLAIM THIS GIFT' }).click();
  await expect(page.getByRole('status')).toContainText('is now in your wallet');

  const third = await enrollFreshMember(request, { firstName: 'Tia', lastName: 'Third' });
  await openSession(page, third);
  await page.goto(`/gift-certificates/claim?code=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('gift-standing')).toContainText('This gift has already been claimed.');
  await expect(page.getByRole('button', { name: 'CLAIM THIS GIFT' })).toHaveCount(0);

  await page.goto('/gift-certificates/claim?code=ANY-TEXT');
  await expect(page.getByRole('alert')).toHaveText('This gift code is not the code of any gift certificate: check it against the e-mail.');
  await expect(page.getByRole('button', { name: 'CLAIM THIS GIFT' })).toHaveCount(0);
  await expectNoSeriousViolations(page, '/gift-certificates/claim unknown');
});
