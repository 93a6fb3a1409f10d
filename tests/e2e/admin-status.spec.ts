import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, signInThroughApi, signInAs } from './support/demo-users';

test('System Status draws projection lag and appends, names each read model in words, and keeps up with new events', async ({ page, request }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/status');
  await expect(page.getByRole('heading', { level: 1, name: 'System Status' })).toBeVisible();
  const stored = page.getByTestId('total-events');
  await expect(stored).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const before = Number((await stored.textContent())!.replace(/,/g, ''));

  const table = page.getByRole('table', { name: 'Projections now' });
  // Read models by name in words ("Member points"), never their code names ("member-points").
  await expect(table.getByRole('row').filter({ hasText: 'Certificates' })).toBeVisible();
  await expect(table).not.toContainText('member-points');
  await expect(page.getByRole('img', { name: /^Projection lag \(events behind the log\): / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Appends per second: appends\/s now / })).toBeVisible();
  await expectNoSeriousViolations(page, 'system status');

  // An award elsewhere shows up on the next refresh (every 5 s), and the read models catch up with it. The award goes
  // to a member of this test only: the demo member's activity pages belong to other tests.
  const adminLogin = await signInThroughApi(request, admin);
  const stranger = (await enrollFreshMember(request, { firstName: 'Stella', lastName: 'Status' })).pax;
  const awarded = await request.post(`/api/rest/admin/participants/${stranger.paxId}/points`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { amount: 3, description: `Status e2e ${randomUUID().slice(0, 8)}`, idempotencyKey: randomUUID() },
  });
  expect(awarded.status()).toBe(201);
  await expect.poll(async () => Number((await stored.textContent())!.replace(/,/g, '')), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(table.getByRole('row').filter({ hasText: 'Certificates' })).toContainText('up to date', { timeout: 15_000 });
});
