import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi, signInAs, signInThroughPage } from './support/demo-users';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const letters = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]);

/** A treatment of `units` neuromodulator units reported by the demo practice and processed at once by the admin job. */
async function treatAndProcess(request: APIRequestContext, adminToken: string, paxId: number, productId: number, units: number) {
  const reported = await request.post('/api/rest/treatments', {
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId: `e2e-${randomUUID()}`,
      paxId,
      dateOfService: isoDay(-1),
      hcpName: 'Dr. Casey Example',
      lineItems: [{ productId, quantity: units, injector: { firstName: 'Jamie', lastName: 'Injector' } }],
    },
  });
  expect(reported.status(), await reported.text()).toBe(202);
  // The job reads the treatments read model: retry while it catches up with the report.
  await expect(async () => {
    const job = await request.post('/api/rest/admin/jobs/process-treatments', { headers: { 'auth-token': adminToken }, data: {} });
    expect(job.status(), await job.text()).toBe(200);
    expect(((await job.json()) as { processed: number }).processed).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
}

test('an admin builds a promotion with a rule in the wizard, sees the forecast, publishes it; the member sees its award arrive live', async ({
  page,
  browser,
  request,
}) => {
  const lastName = `Sparkle${letters()}`;
  const email = `e2e-${letters()}@example.com`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Riley', lastName, email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const paxId = ((await enrolled.json()) as { pax: { paxId: number } }).pax.paxId;
  const { authToken } = await signInThroughApi(request, admin);
  const headers = { 'auth-token': authToken };
  const group = await request.post('/api/rest/participants/search', {
    headers,
    data: {
      name: `Last name ${lastName}`,
      logicalExpression: {
        logicalOperatorCode: 'AND',
        comparisonExpressions: [{ fieldCode: 'lastName', comparisonOperatorCode: 'EQ', values: [lastName] }],
        logicalExpressions: [],
      },
    },
  });
  expect(group.status()).toBe(201);
  const products = (await (await request.get('/api/rest/products', { headers })).json()) as { id: number; name: string }[];
  const neuromodulator = products.find((p) => p.name === 'Brand B Neuromodulator (per unit)')!;
  // Before the promotion exists: processed inside its window, so the forecast counts it (and, without retro, it is not paid).
  await treatAndProcess(request, authToken, paxId, neuromodulator.id, 10);

  const name = `E2E Sparkle ${Date.now()}`;
  await signInAs(page, admin);
  await page.goto('/admin-tools/promo-builder/configure');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Promotion code').fill(`E2E-SPARKLE-${letters()}`);
  await page.getByLabel('From', { exact: true }).fill(isoDay(-3));
  await page.getByLabel('Through', { exact: true }).fill(isoDay(30));
  await page.getByRole('tab', { name: '2. Participants' }).click();
  await page.getByLabel('Offered to').selectOption({ label: `Last name ${lastName}` });

  await page.getByRole('tab', { name: /3\. Payout and rules/ }).click();
  await page.getByLabel('Rule name').fill('Neuromodulator units');
  await page.getByLabel('Brand B Neuromodulator (per unit)').check();
  await page.getByLabel('Rule 1, tier 1: at least (units)').fill('5');
  await page.getByLabel('Rule 1, tier 1: award').fill('3');
  await page.getByRole('button', { name: 'Forecast on past treatments' }).click();
  const forecast = page.getByTestId('promo-forecast');
  await expect(forecast).toContainText('Members paid1');
  await expect(forecast).toContainText('Treatments paid1');
  await expect(forecast).toContainText('Points30');
  await expect(forecast.getByRole('figure')).toContainText('Busiest days');
  await expectNoSeriousViolations(page, 'promo wizard with a forecast');

  await page.getByRole('button', { name: 'Save and publish' }).click();
  await page.getByRole('dialog', { name: 'Publish this promotion?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('promotion-status')).toHaveText('Active');

  // The member's activity page is open when the next treatment is processed: the award arrives on the live stream.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await signInThroughPage(memberPage, { email, password: 'Sturdy-pass-42' });
    await memberPage.goto('/points-certificates/activity-summary');
    await expect(memberPage.getByTestId('activity-table')).toBeVisible();
    await expect(memberPage.getByTestId('activity-table').getByRole('row').filter({ hasText: name })).toHaveCount(0);

    await treatAndProcess(request, authToken, paxId, neuromodulator.id, 12);
    const bonus = memberPage
      .getByTestId('activity-table')
      .getByRole('row')
      .filter({ hasText: `${name}: 12 units` });
    await expect(bonus).toHaveCount(1, { timeout: 15_000 });
    await expect(bonus).toContainText('36');

    const treatmentRow = memberPage
      .getByTestId('activity-table')
      .getByRole('row')
      .filter({ hasText: /Points Earned/ })
      .first();
    await treatmentRow.getByRole('button', { name: /^Details of/ }).click();
    await expect(memberPage.getByRole('dialog').getByTestId('promotion-award').first()).toContainText(`${name}: 36 points for 12 units (Neuromodulator units)`);
  } finally {
    await memberContext.close();
  }
});
