import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, signInThroughApi, signInAs } from './support/demo-users';

test('the support view shows who looked: opening a member from the search is recorded, with the admin and what was read', async ({ page, request }) => {
  const { pax } = await enrollFreshMember(request, { firstName: 'Quinn', lastName: 'Looked' });
  const adminLogin = await signInThroughApi(request, admin);
  // A read made elsewhere, before support opens the member: the support view lists it too.
  const impersonated = await request.post('/api/rest/authenticate/impersonate', {
    headers: { 'auth-token': adminLogin.authToken },
    data: { paxId: pax.paxId },
  });
  expect(impersonated.status()).toBe(200);

  await signInAs(page, admin);
  await page.goto('/admin-tools/employee-search');
  await page.getByLabel('Name, e-mail or member number').fill(String(pax.paxId));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Quinn Looked', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Looked' })).toBeVisible();

  const log = page.getByTestId('access-log');
  await expect(log).toBeVisible();
  const rows = log.locator('tbody tr');
  for (const what of ['Participant record', 'E-mail addresses', 'Phone numbers', 'Points balance', 'Started impersonating']) {
    await expect(rows.filter({ hasText: what }).filter({ hasText: 'Avery Admin' })).not.toHaveCount(0);
  }
  // Newest first: the impersonation came before support opened the member.
  await expect(rows.last()).toContainText('Started impersonating');
  await expectNoSeriousViolations(page, 'who looked');
});
