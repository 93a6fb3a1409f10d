import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { admin, signInThroughApi } from './support/demo-users';

/**
 * Issue 27: members read API words ("body.password must be…", "body.token is not valid…", "query.token must be 1 to
 * 200 characters"). Every message is in words, on the field it concerns; reset has a confirmation field and a way to a
 * new link.
 */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post('/api/rest/authenticate/forgot-password', { data: { email } })).status()).toBe(202);
  const { authToken } = await signInThroughApi(request, admin);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const box = (await (await request.get('/api/rest/admin/outbox', { headers: { 'auth-token': authToken }, params: { recipient: email } })).json()) as {
        body: string;
      }[];
      link = box.map((m) => /(https?:\/\/\S+\/forgot-password\?token=\S+)/.exec(m.body)?.[1]).find(Boolean);
      return link;
    })
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('resetting a password: refusals in words on their fields, a confirmation field, and a new link once this one is spent', async ({ page, request }) => {
  const email = `words-${randomUUID()}@example.com`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Wren', lastName: 'Words', email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status()).toBe(201);
  const path = await resetLinkFor(request, email);

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.locator('#reset-password-error')).toHaveText('Use at least 10 characters, with a letter and a digit.');
  await expect(page.locator('#reset-password-again-error')).toHaveText('The two passwords are not the same.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-7');
  await page.getByLabel('Confirm new password').fill('Brand-new-pass-7');
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed.');

  // The same link again: spent, said so in words, with the way to a new one.
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-8');
  await page.getByLabel('Confirm new password').fill('Another-pass-8');
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
  await expect(page.locator('body')).not.toContainText('body.');
  await page.getByRole('button', { name: 'SEND ME A NEW LINK' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent a link');
});

test('confirmation links without their token say the link does not work, in words', async ({ page }) => {
  await page.goto(`/treatments/${randomUUID()}/confirm`);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('query.');
  await page.goto('/profile/confirm-email');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('query.');
  await expect(page.locator('main')).not.toContainText('body.');
});
