import { randomUUID } from 'node:crypto';
import { acceptTheTerms } from './support/enrollment-form';
import { expect, test } from './support/test';

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

/** Issue: a footer link opened the next page at its bottom; a new member landed mid-page on /home. */
test('a footer link opened from the bottom of a long page opens the next page at its top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('a new member who joins from the bottom of the form lands at the top of /home and is welcomed as new, with the phone shown 3-3-4 as typed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/enrollment');
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('E-mail address').fill(`nadia-${randomUUID()}@example.com`);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await page.getByLabel('ZIP code').fill('92612');
  await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('04/12/1990');
  await page.getByLabel('Mobile phone (optional)').pressSequentially('9495550142');
  await expect(page.getByLabel('Mobile phone (optional)')).toHaveValue('949-555-0142');
  await acceptTheTerms(page);
  await page.getByRole('button', { name: 'JOIN NOW' }).scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nadia Newcomer' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

// Issue 27: the spec formats ZIP+4 with its hyphen, so the form writes the nine digits typed as 12345-6789 (it used to
// refuse them, as the server refuses them unhyphenated).
test('a refused enrollment is explained in words, by the field’s label; a 9-digit ZIP is hyphenated by the form, and refused unhyphenated by the server', async ({
  page,
  request,
}) => {
  const email = `ursula-${randomUUID()}@example.com`;
  const server = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Ursula', lastName: 'Used', email, password: 'Sturdy-pass-42', postalCode: '926121234', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(server.status()).toBe(400);
  await page.goto('/enrollment');
  await page.getByLabel('ZIP code').fill('926121234');
  await page.getByLabel('First name').focus();
  await expect(page.getByLabel('ZIP code')).toHaveValue('92612-1234');
  await expect(page.getByText('Enter 5 digits, or 5+4 as 12345-6789')).toHaveCount(0);
  const taken = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Ursula', lastName: 'Used', email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(taken.status()).toBe(201);
  await page.getByLabel('First name').fill('Ursula');
  await page.getByLabel('Last name').fill('Used');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await page.getByLabel('ZIP code').fill('92612');
  await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('01/01/1990');
  await acceptTheTerms(page);
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.');
});
