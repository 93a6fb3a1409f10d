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
