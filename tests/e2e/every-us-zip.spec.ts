import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTheTerms } from './support/enrollment-form';
import { enrollFreshMember, openSession } from './support/demo-users';

/**
 * Issue 54, item 9: Find a Specialist answered ZIP 99501 (Anchorage) "We cannot place ZIP code 99501 on our map yet",
 * and enrollment and the profile took 99999, which no address has. Every ZIP in use is placed now, and one no address
 * has is refused beside the field where it was typed, in the server's words.
 */
const REFUSED = 'ZIP code is not a ZIP code any US address has.';

test('Find a Specialist places Anchorage, says none is in reach in words, and refuses 99999 on the field', async ({ page }) => {
  await page.goto('/find-specialist');
  const zip = page.getByLabel('ZIP code');
  await zip.fill('99501');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.getByRole('status')).toHaveText('No participating specialists within 25 miles of 99501. Try a wider distance.');
  await expect(page.getByText(/cannot place/)).toHaveCount(0);

  await zip.fill('99999');
  await page.getByRole('button', { name: 'SEARCH' }).click();
  await expect(page.locator('#specialist-zip-error')).toHaveText(REFUSED);
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoSeriousViolations(page, '/find-specialist refused ZIP');
  // Typing again takes the refusal away: it was about the ZIP that was sent.
  await zip.fill('99501');
  await expect(page.locator('#specialist-zip-error')).toHaveCount(0);
});

test('enrollment refuses ZIP 99999 beside the field, in the words the server answered', async ({ page }) => {
  await page.goto('/enrollment');
  await page.getByLabel('First name').fill('Zoe');
  await page.getByLabel('Last name').fill('Nowhere');
  await page.getByLabel('E-mail address').fill(`zip-${randomUUID()}@example.com`);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await page.getByLabel('ZIP code').fill('99999');
  await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('06/15/1990');
  await acceptTheTerms(page);
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page.locator('#enroll-zip-error')).toHaveText(REFUSED);
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/enrollment$/);
  await expectNoSeriousViolations(page, '/enrollment refused ZIP');
});

test('the profile refuses ZIP 99999 beside the field and keeps the ZIP the member had', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Pat', lastName: 'Nowhere' });
  await openSession(page, fresh);
  await page.goto('/profile/personal-info');
  await page.getByLabel('ZIP code').fill('99999');
  await page.getByRole('button', { name: 'UPDATE PERSONAL INFORMATION' }).click();
  await expect(page.locator('#profile-zip-error')).toHaveText(REFUSED);
  await page.reload();
  await expect(page.getByLabel('ZIP code')).toHaveValue('92612');
});
