import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi, signInAs, signInThroughPage } from './support/demo-users';

const login = (username: string, password: string) => ({ data: { username, password } });

test('staff erase a member from the support view: the confirmation names them, a reason is required, and the ledger stays', async ({ page, request }) => {
  const email = `e2e-erase-staff-${Date.now()}@example.com`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: {
      firstName: 'Marlowe',
      lastName: 'Forgotten',
      email,
      password: 'Sturdy-pass-42',
      postalCode: '92612',
      dateOfBirth: '1990-01-01',
      termsAccepted: true,
    },
  });
  expect(enrolled.status()).toBe(201);
  const paxId = ((await enrolled.json()) as { pax: { paxId: number } }).pax.paxId;
  const adminLogin = await signInThroughApi(request, admin);
  const awarded = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { amount: 120, description: 'Goodwill', idempotencyKey: `e2e-erase-${paxId}` },
  });
  expect(awarded.status()).toBe(201);

  await signInAs(page, admin);
  await page.goto(`/admin-tools/employee-search/member?paxId=${paxId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Marlowe Forgotten' })).toBeVisible();
  await page.getByRole('button', { name: 'Erase member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Marlowe Forgotten?' });
  await expect(dialog).toContainText(`member #${paxId}`);
  await dialog.getByRole('button', { name: 'Erase Marlowe Forgotten' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the reason for the erasure (the request or ticket it answers)');
  await expectNoSeriousViolations(page, 'erase member dialog');
  await dialog.getByLabel('Reason').fill('Deletion request, ticket 5120');
  await dialog.getByRole('button', { name: 'Erase Marlowe Forgotten' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Erased member #${paxId}` })).toBeVisible();
  await expect(page.getByText(/was erased on/)).toBeVisible();
  await expect(page.getByText('Marlowe')).toHaveCount(0);
  // The replay still shows the ledger: the award, its forfeit and the erasure.
  for (const entry of ['Points awarded', 'Points forfeited', 'Member erased']) await expect(page.getByRole('cell', { name: entry, exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'erased member');
  expect((await request.post('/api/rest/authenticate/login', login(email, 'Sturdy-pass-42'))).status()).toBe(401);
});

test('a member deletes their own account from the profile page with their password', async ({ page, request }) => {
  const email = `e2e-erase-self-${Date.now()}@example.com`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Sloane', lastName: 'Leaving', email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status()).toBe(201);

  await signInThroughPage(page, { email, password: 'Sturdy-pass-42' });
  await page.goto('/profile/personal-info');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('Not-my-pass-9');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your password');
  expect((await request.post('/api/rest/authenticate/login', login(email, 'Sturdy-pass-42'))).status()).toBe(200);
  await expectNoSeriousViolations(page, 'delete my account dialog');

  await dialog.getByLabel('Password').fill('Sturdy-pass-42');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog).toBeHidden();
  // Signed out here too: the session ended with the account.
  await expect(page).toHaveURL(/\/login$/);
  expect((await request.post('/api/rest/authenticate/login', login(email, 'Sturdy-pass-42'))).status()).toBe(401);
});

test('a staff account is not erased: its support view offers no "Erase member", and the call is refused naming why', async ({ page, request }) => {
  const adminLogin = await signInThroughApi(request, admin);
  const paxId = adminLogin.pax.paxId;
  await signInThroughPage(page, admin);
  await page.goto(`/admin-tools/employee-search/member?paxId=${paxId}`);
  await expect(page.locator('#member-support-title')).toContainText('Admin');
  // The page is loaded (its actions are there), without the erasure among them.
  await expect(page.getByRole('button', { name: 'Impersonate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase member' })).toHaveCount(0);
  const refused = await request.post(`/api/rest/admin/participants/${paxId}/erasure`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { reason: 'Deletion request, ticket 5121' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/is a staff account: member erasure is for members/);
  expect((await request.post('/api/rest/authenticate/login', login(admin.email, admin.password))).status()).toBe(200);
});
