import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, impersonateInPage, signInThroughApi, signInAs, signInThroughPage } from './support/demo-users';

const letters = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]);

test('an impersonating admin changes a certificate’s status and date in the wallet; the member never sees the control; the audit names both', async ({
  page,
  request,
}) => {
  // A member of this test only, with a $10 reward certificate (redeemed from points an admin gave).
  const email = `e2e-edit-${letters()}@example.com`;
  const lastName = `Edit${letters()}`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Casey', lastName, email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status()).toBe(201);
  const member = (await enrolled.json()) as { authToken: string; pax: { paxId: number } };
  const adminLogin = await signInThroughApi(request, admin);
  const given = await request.post(`/api/rest/admin/participants/${member.pax.paxId}/points`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { amount: 100, description: 'E2E edit', idempotencyKey: randomUUID() },
  });
  expect(given.status()).toBe(201);
  const redeemed = await request.post(`/api/rest/participants/${member.pax.paxId}/points/redeem`, {
    headers: { 'auth-token': member.authToken },
    data: { amount: 100, type: 'CONSUMER' },
  });
  expect(redeemed.status()).toBe(201);
  const certificate = ((await redeemed.json()) as { certificate: { id: string; code: string } }).certificate;

  // The member, signed in as themselves, has no edit control.
  await signInThroughPage(page, { email, password: 'Sturdy-pass-42' });
  await page.goto('/wallet');
  await expect(page.getByTestId('certificate').filter({ hasText: certificate.code })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Change / })).toHaveCount(0);
  await page.evaluate(() => localStorage.clear());

  // The admin impersonates them.
  await impersonateInPage(page, request, adminLogin.authToken, member.pax.paxId);
  await page.goto('/wallet');
  await expect(page.getByText(/YOU ARE LOGGED IN AS Casey/)).toBeVisible();
  const card = page.getByTestId('certificate').filter({ hasText: certificate.code });
  const editor = card.getByRole('group', { name: new RegExp(`^Change .*${certificate.code}`) });
  await expect(editor).toBeVisible();
  await expectNoSeriousViolations(page, 'wallet with the impersonated certificate edit');

  // A bad date is refused in words; a good one, typed as a person types it, is saved with the new status.
  const date = editor.getByLabel(/New expiration date/);
  await editor.getByLabel('Status').selectOption({ label: 'Expired' });
  await date.pressSequentially('2027-12-31');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Enter the expiration date as MM/DD/YYYY, or leave it empty to keep it');
  await date.clear();
  await date.pressSequentially('12/31/2027');
  await expect(date).toHaveValue('12/31/2027');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved: Expired, expires 12/31/2027.');
  await expect(card).toContainText('expires 12/31/2027');

  // Voiding is final, so it is confirmed first; the certificate then leaves the wallet.
  await editor.getByLabel('Status').selectOption({ label: 'Void' });
  await editor.getByRole('button', { name: 'Save' }).click();
  const ask = page.getByRole('dialog', { name: 'Mark this certificate void?' });
  await expect(ask).toContainText(certificate.code);
  await ask.getByRole('button', { name: 'Mark void' }).click();
  await expect(card).toHaveCount(0);

  const audit = await request.get(`/api/rest/admin/audit/certificates/${certificate.id}`, { headers: { 'auth-token': adminLogin.authToken } });
  const entries = (await audit.json()) as { type: string; actor: { kind: string; adminId?: number; paxId?: number } }[];
  const changes = entries.filter((e) => e.type === 'CertificateStatusChanged');
  expect(changes).toHaveLength(2);
  for (const change of changes) expect(change.actor).toEqual({ kind: 'admin-as-participant', adminId: adminLogin.pax.paxId, paxId: member.pax.paxId });

  // The member's support history shows both edits, both people by name, fields by their labels (issue 28, item 5).
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, admin);
  await page.goto(`/admin-tools/employee-search/member?paxId=${member.pax.paxId}`);
  const rows = page.getByTestId('timeline-table').getByRole('row').filter({ hasText: 'Certificate status changed' });
  await expect(rows).toHaveCount(2);
  const both = `${adminLogin.pax.firstName} ${adminLogin.pax.lastName} as Casey ${lastName}`;
  await expect(rows.nth(0)).toContainText(both);
  await expect(rows.nth(0)).toContainText(`Certificate ${certificate.code}`);
  await expect(rows.nth(0)).toContainText('Status Active → Expired; Expiration date 12/31/2027');
  await expect(rows.nth(1)).toContainText(both);
  await expect(rows.nth(1)).toContainText('Status Expired → Void; Expiration date 12/31/2027');
});
