import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, signInAs } from './support/demo-users';

/**
 * Issue 54, item 4: after impersonating a member and adding a phone, support's history showed "Impersonation started"
 * and "Impersonation ended" with nothing between, and LEAVE SESSION took the admin to the member's /home instead of
 * back to the admin tools they started from.
 */
test('a phone added while impersonating shows between the start and the end, naming both, and leaving returns to the member page', async ({
  page,
  request,
}) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Quinn', lastName: 'Impersonated' });
  const adminAnswer = await signInAs(page, admin);
  const adminName = `${adminAnswer.pax.firstName} ${adminAnswer.pax.lastName}`;
  const memberPage = `/admin-tools/employee-search/member?paxId=${fresh.pax.paxId}`;
  await page.goto(memberPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Impersonated' })).toBeVisible();

  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page.getByRole('dialog', { name: 'IMPERSONATE MEMBER?' }).getByRole('button', { name: 'IMPERSONATE' }).click();
  await expect(page.getByText('YOU ARE LOGGED IN AS Quinn Impersonated')).toBeVisible();
  await page.goto('/profile/personal-info');
  await page.getByLabel('Add a phone number').pressSequentially('9495550163');
  await page.getByRole('button', { name: 'ADD PHONE' }).click();
  await expect(page.getByTestId('phones')).toContainText('(949) 555-0163');

  await page.getByRole('button', { name: 'LEAVE SESSION' }).click();
  await expect(page.getByText('YOU ARE LOGGED IN AS')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin-tools/employee-search/member\\?paxId=${fresh.pax.paxId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Impersonated' })).toBeVisible();

  const rows = page.getByTestId('timeline-table').getByRole('row');
  const labels = await rows.locator('td:nth-child(2)').allTextContents();
  const started = labels.indexOf('Impersonation started');
  const ended = labels.indexOf('Impersonation ended');
  expect(labels.slice(started + 1, ended)).toEqual(['Phone added']);
  const added = rows.filter({ hasText: 'Phone added' });
  await expect(added).toContainText(`${adminName} as Quinn Impersonated`);
  await expect(added).toContainText('Phone 949-555-0163 added');
  await expectNoSeriousViolations(page, 'member support view with an impersonated change');
});
