import { expect, test } from './support/test';
import { admin, enrollFreshMember, impersonateInPage, openSession, signInThroughApi } from './support/demo-users';

/**
 * Issue 27: name, ZIP and birth date could not be corrected (a member enrolled with ZIP 00000 was stuck); 000-000-0000
 * was accepted. Members correct name and ZIP; staff, impersonating, correct a birth date.
 */
test('a member corrects their name and ZIP on the profile, sees why a bad phone is refused, and cannot change their birth date', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Pat', lastName: 'Typo' });
  await openSession(page, fresh);
  await page.goto('/profile/personal-info');
  const zip = page.getByLabel('ZIP code');
  await zip.fill('00000');
  await page.getByRole('button', { name: 'UPDATE PERSONAL INFORMATION' }).click();
  await expect(page.locator('#profile-zip-error')).toHaveText('No US address has this ZIP code: check it');
  await zip.fill('');
  await zip.pressSequentially('926121234');
  await page.getByLabel('Last name').fill('Fixed');
  await page.getByRole('button', { name: 'UPDATE PERSONAL INFORMATION' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your personal information was saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('ZIP code')).toHaveValue('92612-1234');
  await expect(page.getByLabel('Last name')).toHaveValue('Fixed');
  await expect(page.getByTestId('profile-dob')).toHaveText('01/01/1990');
  await expect(page.getByText('To correct your date of birth, contact us')).toBeVisible();
  await expect(page.getByLabel('Date of birth (MM/DD/YYYY)')).toHaveCount(0);

  // A number no one can be reached at is refused, and the refusal says why.
  await page.getByLabel('Add a phone number').pressSequentially('0000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'area code and exchange do not start with 0 or 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD PHONE' })).toBeDisabled();
  await expect(page.getByTestId('phones').getByRole('listitem')).toHaveCount(0);
});

test('an impersonating admin corrects a member’s birth date', async ({ page, request }) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Bea', lastName: 'Birthday' });
  const { authToken } = await signInThroughApi(request, admin);
  await impersonateInPage(page, request, authToken, fresh.pax.paxId);
  await page.goto('/profile/personal-info');
  const dob = page.getByLabel('Date of birth (MM/DD/YYYY)');
  await expect(dob).toHaveValue('01/01/1990');
  await dob.fill('01/01/1890');
  await page.getByRole('button', { name: 'UPDATE PERSONAL INFORMATION' }).click();
  await expect(page.locator('#profile-dob-error')).toHaveText('Enter a birth date within the last 120 years');
  await dob.fill('02/03/1991');
  await page.getByRole('button', { name: 'UPDATE PERSONAL INFORMATION' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your personal information was saved.' })).toBeVisible();
  const record = await request.get(`/api/rest/participants/${fresh.pax.paxId}`, { headers: { 'auth-token': authToken } });
  expect(((await record.json()) as { dateOfBirth: string }).dateOfBirth).toBe('1991-02-03');
});
