import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi, signInThroughPage } from './support/demo-users';

/** Issue: "Add a phone number" led to a read-only page. */
test('a member adds, edits and removes phones and adds an e-mail address confirmed by its link, then signs in with it', async ({ page, request }) => {
  const email = `profile-${randomUUID()}@example.com`;
  const password = 'Sturdy-pass-42';
  expect(
    (
      await request.post('/api/rest/enrollment', {
        data: { firstName: 'Pat', lastName: 'Profile', email, password, postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
      })
    ).status(),
  ).toBe(201);
  await signInThroughPage(page, { email, password });
  await page.getByRole('link', { name: 'Add a phone number' }).click();
  await expect(page).toHaveURL(/\/profile\/personal-info/);

  const phoneInput = page.getByLabel('Add a phone number');
  await phoneInput.pressSequentially('9495550142');
  await expect(phoneInput).toHaveValue('949-555-0142');
  await page.getByRole('button', { name: 'ADD PHONE' }).click();
  const phones = page.getByTestId('phones');
  await expect(phones).toContainText('(949) 555-0142');
  await expect(phones).toContainText('Preferred');
  await phoneInput.pressSequentially('7145550199');
  await page.getByRole('button', { name: 'ADD PHONE' }).click();
  await expect(phones.getByRole('listitem')).toHaveCount(2);
  await phones.getByRole('listitem').filter({ hasText: '(714) 555-0199' }).getByRole('button', { name: 'Make preferred' }).click();
  await expect(phones.getByRole('listitem').filter({ hasText: '(714) 555-0199' })).toContainText('Preferred');
  await page.getByRole('button', { name: 'Edit (949) 555-0142' }).click();
  await page.getByLabel('Change (949) 555-0142 to').fill('949-555-0100');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(phones).toContainText('(949) 555-0100');
  await page.getByRole('button', { name: 'Remove (949) 555-0100' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'REMOVE' }).click();
  await expect(phones.getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousViolations(page, '/profile/personal-info');

  const fresh = `profile-new-${randomUUID()}@example.com`;
  await page.getByLabel('Add an e-mail address').fill(fresh);
  await page.getByRole('button', { name: 'ADD E-MAIL' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a link to ${fresh}`);
  await expect(page.getByTestId('pending-email')).toContainText('Waiting for confirmation');

  const { authToken } = await signInThroughApi(request, admin);
  const box = (await (await request.get('/api/rest/admin/outbox', { headers: { 'auth-token': authToken }, params: { recipient: fresh } })).json()) as {
    body: string;
  }[];
  const link = new URL(/(https?:\/\/\S+\/profile\/confirm-email\?token=\S+)/.exec(box[0].body)![1]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status')).toContainText(`${fresh} is now on your profile`);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toContainText('already used');

  await page.goto('/profile/personal-info');
  const emails = page.getByTestId('emails');
  await emails.getByRole('listitem').filter({ hasText: fresh }).getByRole('button', { name: 'Make preferred' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'MAKE PREFERRED' }).click();
  await expect(emails.getByRole('listitem').filter({ hasText: fresh })).toContainText('you sign in with it');
  const signIn = await request.post('/api/rest/authenticate/login', { data: { username: fresh, password } });
  expect(signIn.status()).toBe(200);
});
