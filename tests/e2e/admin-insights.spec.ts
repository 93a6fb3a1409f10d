import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, signInThroughApi, signInAs } from './support/demo-users';

const shownNumber = async (text: Promise<string | null>) => Number(((await text) ?? '').replace(/[^0-9.]/g, ''));

/** An admin award to `paxId`, answered once the read models hold it. */
async function award(request: APIRequestContext, token: string, paxId: number, amount: number): Promise<string> {
  const r = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': token },
    data: { amount, description: `Insight e2e ${randomUUID().slice(0, 8)}`, idempotencyKey: randomUUID() },
  });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { position: string }).position;
}

test('Programme Insight draws liability, points flow and expiry ladder with non-empty tables, downloads CSV, follows new awards, and is axe clean', async ({
  page,
  request,
}) => {
  // Figures of this test's own member, so the screen has something whatever other specs did before it.
  const adminLogin = await signInThroughApi(request, admin);
  const saver = await enrollFreshMember(request, { firstName: 'Ines', lastName: 'Insight' });
  await award(request, adminLogin.authToken, saver.pax.paxId, 1500);
  const redeemed = await request.post(`/api/rest/participants/${saver.pax.paxId}/points/redeem`, {
    headers: { 'auth-token': saver.authToken },
    data: { amount: 300, type: 'CONSUMER' },
  });
  expect(redeemed.status()).toBe(201);
  const position = ((await redeemed.json()) as { position: string }).position;
  const ready = await request.get('/api/rest/admin/reports/liability', { headers: { 'auth-token': adminLogin.authToken, 'x-wait-for-position': position } });
  expect(ready.status()).toBe(200);

  await signInAs(page, admin);
  await page.goto('/admin-tools');
  await page.getByRole('main').getByRole('link', { name: 'Programme Insight' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programme Insight' })).toBeVisible();

  const outstanding = page.getByTestId('outstanding-points');
  await expect(outstanding).toHaveText(/^[1-9]\d{0,2}(,\d{3})*$/);
  await expect(page.getByTestId('outstanding-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('img', { name: /^Points outstanding at each month's end / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Points earned, burned and expired by month / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Points outstanding by the month they expire / })).toBeVisible();

  // Every chart's numbers are in a table: twelve month ends, twelve months of flow, the ladder, the certificates.
  const liabilityRows = page.getByTestId('liability-table').locator('tbody tr');
  await expect(liabilityRows).toHaveCount(12);
  expect(await shownNumber(liabilityRows.last().locator('td').first().textContent())).toBeGreaterThan(0);
  const flowRows = page.getByTestId('flow-table').locator('tbody tr');
  await expect(flowRows).toHaveCount(12);
  expect(await shownNumber(flowRows.last().locator('td').first().textContent())).toBeGreaterThanOrEqual(1500);
  expect(await shownNumber(flowRows.last().locator('td').nth(8).textContent())).toBeGreaterThanOrEqual(300);
  await expect(page.getByTestId('expiry-table').locator('tbody tr').first()).toHaveText(/\d{4}-\d{2}\s*[1-9]/);
  await expect(page.getByTestId('certificates-table').getByRole('row', { name: /^reward / })).toBeVisible();
  // The demo promotion is published: its results row is there, against its forecast.
  await expect(page.getByRole('img', { name: /^Promotion cost against forecast / })).toBeVisible();
  await expect(page.getByTestId('promotion-table').getByRole('row', { name: /^Season of Glow ACTIVE / })).toBeVisible();
  await expectNoSeriousViolations(page, 'programme insight');

  // The tables' numbers are reachable from the keyboard: each table's region takes focus.
  await page.getByRole('region', { name: 'Points outstanding by expiry month' }).focus();
  await expect(page.getByRole('region', { name: 'Points outstanding by expiry month' })).toBeFocused();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Points outstanding by expiry month as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^expiry-ladder-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Expiry month,Points');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => /^\d{4}-\d{2},-?\d+$/.test(l))).toBe(true);

  // A month of the ladder drills down to its lots and members, each linking to the member's support view.
  const points = await request.get(`/api/rest/participants/${saver.pax.paxId}/points`, { headers: { 'auth-token': saver.authToken } });
  const expires = ((await points.json()) as { expiring: { expirationDate: string }[] }).expiring[0].expirationDate;
  const label = new Date(`${expires.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await page.getByRole('button', { name: `Show ${label}` }).click();
  const lots = page.getByRole('table', { name: `Lots expiring in ${label}, as they stand now` });
  await expect(lots.getByRole('row', { name: /Ines Insight/ }).first()).toContainText('1,200');
  await expectNoSeriousViolations(page, 'programme insight drill-down');

  // Figures follow the log while the screen is open: the admin's live stream says the report moved (well within 5 s;
  // the screen's only poll turns the day over once a minute).
  const before = await shownNumber(outstanding.textContent());
  await award(request, adminLogin.authToken, saver.pax.paxId, 700);
  await expect.poll(() => shownNumber(outstanding.textContent()), { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 700);

  // As of a day before any of this programme's events, nothing is outstanding.
  await page.getByLabel('As of (end of programme day)').fill('2000-01-31');
  await expect(outstanding).toHaveText('0');
  await expect(page.getByTestId('expiry-table').locator('tbody tr')).toHaveText(['None']);

  await page.getByRole('link', { name: 'Ines Insight' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin-tools/employee-search/member\\?paxId=${saver.pax.paxId}$`));
});

test('A points-flow figure and a certificate figure open the members and events behind them, totals equal to the figure, by keyboard, axe clean', async ({
  page,
  request,
}) => {
  const adminLogin = await signInThroughApi(request, admin);
  const member = await enrollFreshMember(request, { firstName: 'Dora', lastName: 'Drill' });
  await award(request, adminLogin.authToken, member.pax.paxId, 900);
  const redeemed = await request.post(`/api/rest/participants/${member.pax.paxId}/points/redeem`, {
    headers: { 'auth-token': member.authToken },
    data: { amount: 200, type: 'CONSUMER' },
  });
  expect(redeemed.status()).toBe(201);
  const position = ((await redeemed.json()) as { position: string }).position;
  const ready = await request.get('/api/rest/admin/reports/liability', { headers: { 'auth-token': adminLogin.authToken, 'x-wait-for-position': position } });
  expect(ready.status()).toBe(200);

  await signInAs(page, admin);
  await page.goto('/admin-tools/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme Insight' })).toBeVisible();

  /** Goes through the dialog's pages until `row` shows (the member's row may be on any page). */
  const pageUntil = async (dialog: ReturnType<typeof page.getByRole>, row: ReturnType<typeof page.getByRole>) => {
    const next = dialog.getByRole('button', { name: 'Next page' });
    while (!(await row.isVisible()) && (await next.isEnabled())) {
      const caption = await dialog.locator('caption').textContent();
      await next.click();
      await expect(dialog.locator('caption')).not.toHaveText(caption ?? '');
    }
    await expect(row).toBeVisible();
  };

  // This month's admin awards (the flow table's columns: month, earned, then treatments, partner purchases, admin ...),
  // opened from the keyboard.
  const adminAwards = page.getByTestId('flow-table').locator('tbody tr').last().locator('td').nth(3).getByRole('button');
  const figure = (await adminAwards.textContent())!;
  expect(Number(figure.replace(/,/g, ''))).toBeGreaterThanOrEqual(900);
  await adminAwards.focus();
  await page.keyboard.press('Enter');
  const flowDialog = page.getByRole('dialog', { name: /^Earned: Admin, [A-Z][a-z]{2} \d{4}: the members and events$/ });
  await expect(flowDialog.getByTestId('drill-down-total')).toHaveText(new RegExp(`^Total: ${figure} points in [\\d,]+ ledger events$`));
  await pageUntil(flowDialog, flowDialog.getByRole('row', { name: /^Dora Drill / }));
  await expect(flowDialog.getByRole('row', { name: /^Dora Drill / })).toContainText('900');
  await expectNoSeriousViolations(page, 'points-flow drill-down');
  await page.keyboard.press('Escape');
  await expect(flowDialog).toBeHidden();
  await expect(adminAwards).toBeFocused();

  // The reward certificates not yet used as of today: their count and value are the table's, the member's is among them.
  const rewards = page.getByTestId('certificates-table').getByRole('row', { name: /^reward / });
  const count = (await rewards.locator('td').nth(0).textContent())!;
  const value = (await rewards.locator('td').nth(1).textContent())!;
  await rewards.locator('td').nth(0).getByRole('button').click();
  const certificates = page.getByRole('dialog', { name: /^Certificates “reward” not yet used at the end of \d{4}-\d{2}-\d{2}$/ });
  await expect(certificates.getByTestId('drill-down-total')).toHaveText(`Total: ${count} certificates worth ${value}`);
  await pageUntil(certificates, certificates.getByRole('row', { name: /^Dora Drill / }));
  await expectNoSeriousViolations(page, 'certificates drill-down');
  await certificates.getByRole('link', { name: 'Dora Drill' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-tools/employee-search/member\\?paxId=${member.pax.paxId}$`));
});
