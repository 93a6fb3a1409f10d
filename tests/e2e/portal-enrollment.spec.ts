import { randomUUID } from 'node:crypto';
import { acceptTheTerms } from './support/enrollment-form';
import { MARKETING_EMAIL_LABEL, MARKETING_TEXT_LABEL, TERMS_CONSENT_LABEL, TERMS_REQUIRED_WORDS } from '../../event-schemas/contract/enrollment-consent';
import { expect, test } from './support/test';

/**
 * Issue 27: an empty submit said "Please correct the highlighted fields" with nothing highlighted; age errors showed
 * only in a banner; a 9-digit ZIP was not hyphenated (and the server refused it); ZIP 00000 and 1890 were accepted.
 */
test('enrollment highlights what is wrong on each field, hyphenates ZIP+4 and refuses ZIP 00000 and ages over 120', async ({ page }) => {
  await page.goto('/enrollment');
  const invalid = (label: string | RegExp) => expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
  for (const label of ['First name', 'Last name', 'E-mail address', 'Password', 'ZIP code', 'Date of birth (MM/DD/YYYY)']) await invalid(label);
  await expect(page.getByLabel('Mobile phone (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  // An empty name is asked for, not refused for its letters (issue 54, item 16).
  await expect(page.locator('#enroll-first-error')).toHaveText('Enter your first name');
  await expect(page.locator('#enroll-last-error')).toHaveText('Enter your last name');
  // The acceptance of the terms is refused beside its box with the fields, before anything is sent (issue 54, item 10).
  await invalid(TERMS_CONSENT_LABEL);
  await expect(page.locator('#enroll-terms-error')).toHaveText(TERMS_REQUIRED_WORDS);
  for (const label of [MARKETING_EMAIL_LABEL, MARKETING_TEXT_LABEL]) await expect(page.getByLabel(label)).not.toBeChecked();

  const zip = page.getByLabel('ZIP code');
  await zip.fill('00000');
  await zip.blur();
  await expect(page.locator('#enroll-zip-error')).toHaveText('No US address has this ZIP code: check it');
  await zip.fill('');
  await zip.pressSequentially('926121234');
  await expect(zip).toHaveValue('92612-1234');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');

  const dob = page.getByLabel('Date of birth (MM/DD/YYYY)');
  await dob.fill('01/01/1890');
  await dob.blur();
  await expect(page.locator('#enroll-dob-error')).toHaveText('Enter a birth date within the last 120 years');
  const child = `06/15/${new Date().getFullYear() - 10}`;
  await dob.fill(child);
  await expect(page.locator('#enroll-dob-error')).toHaveText('You must be at least 18 years old to join');
  await dob.fill('06/15/1990');
  await expect(dob).not.toHaveAttribute('aria-invalid', 'true');
  // Typed as ISO, the date is read too, and is the one the member joins with (issue 54, item 16).
  await dob.fill('1990-06-15');
  await dob.blur();
  await expect(dob).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('First name').fill('Zoe');
  await page.getByLabel('Last name').fill('Zipcode');
  await page.getByLabel('E-mail address').fill(`zip-${randomUUID()}@example.com`);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await acceptTheTerms(page);
  await page.getByRole('button', { name: 'JOIN NOW' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
