import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, member, signInThroughApi, signInAs, signInThroughPage } from './support/demo-users';

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Exactly how many events of the member's stream carry this description, read from the replay itself. */
async function awardsDescribed(request: APIRequestContext, paxId: number, description: string): Promise<number> {
  const { authToken } = await signInThroughApi(request, admin);
  const timeline = (await (await request.get(`/api/rest/admin/participants/${paxId}/timeline`, { headers: { 'auth-token': authToken } })).json()) as {
    events: { type: string; data: { description?: string } }[];
  };
  return timeline.events.filter((e) => e.type === 'PointsAwarded' && e.data.description === description).length;
}

const searchFor = async (page: Page, term: string) => {
  await page.getByLabel('Name, e-mail or member number').fill(term);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/members? found for/)).toBeVisible();
};

test('support finds Morgan, replays the balance, gives 25 points once despite a double click, and impersonates them', async ({ page, request }) => {
  // A known event first, so the replay has a line to draw whatever ran before on this server.
  const adminLogin = await signInThroughApi(request, admin);
  const morgan = (await signInThroughApi(request, member)).pax;
  const seeded = await request.post(`/api/rest/admin/participants/${morgan.paxId}/points`, {
    headers: { 'auth-token': adminLogin.authToken },
    data: { amount: 40, description: 'Support e2e starting points', idempotencyKey: randomUUID() },
  });
  expect(seeded.status()).toBe(201);

  await signInThroughPage(page, admin);
  await page.getByRole('link', { name: 'Admin Tools' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Member Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Member Search' })).toBeVisible();
  await searchFor(page, 'Morgan');
  await page.getByRole('link', { name: 'Morgan Member', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Morgan Member' })).toBeVisible();
  await expect(page.getByText('member@example.com')).toBeVisible();
  await expect(page.getByRole('img', { name: /Balance of Morgan Member over time/ })).toBeVisible();
  const timeline = page.getByTestId('timeline-table');
  await expect(timeline.getByRole('row').filter({ hasText: 'Support e2e starting points' })).toContainText('+40');
  await expect(timeline.getByRole('row').filter({ hasText: 'Support e2e starting points' })).toContainText(
    `${adminLogin.pax.firstName} ${adminLogin.pax.lastName}`,
  );
  const before = number(await page.getByTestId('balance-as-of').locator('strong').textContent());
  await expectNoSeriousViolations(page, 'member support view');

  // As of a day before any event, the replay is empty.
  await page.getByLabel('As of (end of day)').fill('2000-01-01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByTestId('balance-as-of')).toContainText('Balance at the end of 01/01/2000: 0 points, from 0 events');
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(timeline).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Give points' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Give Points' })).toBeVisible();
  const description = `Goodwill ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Points' }).fill('25');
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  const keysSent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/participants/${morgan.paxId}/points`))
      keysSent.push((r.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
  });
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByTestId('give-points-outcome')).toContainText(
    `Gave 25 points to Morgan Member. New balance: ${(before + 25).toLocaleString('en-US')}.`,
  );
  expect(await awardsDescribed(request, morgan.paxId, description)).toBe(1);
  expect(new Set(keysSent).size).toBe(1);

  // A large award is asked about first: CANCEL sends nothing, GIVE POINTS sends it once.
  const largeDescription = `Large ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Points' }).fill('5000');
  await page.getByRole('textbox', { name: 'Description' }).fill(largeDescription);
  await page.getByRole('button', { name: 'Save' }).click();
  const confirmGive = page.getByRole('dialog', { name: 'GIVE POINTS?' });
  await expect(confirmGive).toContainText('Give 5,000 points to Morgan Member?');
  await confirmGive.getByRole('button', { name: 'CANCEL' }).click();
  await expect(confirmGive).toBeHidden();
  expect(await awardsDescribed(request, morgan.paxId, largeDescription)).toBe(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await confirmGive.getByRole('button', { name: 'GIVE POINTS' }).click();
  await expect(page.getByTestId('give-points-outcome')).toContainText(
    `Gave 5,000 points to Morgan Member. New balance: ${(before + 5025).toLocaleString('en-US')}.`,
  );
  expect(await awardsDescribed(request, morgan.paxId, largeDescription)).toBe(1);

  // A field error from the server lands beside its field.
  await page.getByRole('textbox', { name: 'Points' }).fill('5');
  await page.getByRole('textbox', { name: 'Description' }).fill('Backdated');
  await page.getByLabel('Expiration date (optional)').fill('2001-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#give-points-expiration-error')).toHaveText('must be after today');
  await expectNoSeriousViolations(page, 'give points form with a field error');

  await page.getByRole('link', { name: 'Morgan Member', exact: true }).click();
  await expect(timeline.getByRole('row').filter({ hasText: description })).toContainText('+25');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const dialog = page.getByRole('dialog', { name: 'IMPERSONATE MEMBER?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'IMPERSONATE' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('YOU ARE LOGGED IN AS Morgan Member')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back, Morgan Member/ })).toBeVisible();
  await page.getByRole('button', { name: 'LEAVE SESSION' }).click();
  await expect(page.getByText('YOU ARE LOGGED IN AS')).toHaveCount(0);
  // Back where the admin started (issue 54, item 4: it was the member's /home), as the admin.
  await expect(page).toHaveURL(new RegExp(`/admin-tools/employee-search/member\\?paxId=${morgan.paxId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Morgan Member' })).toBeVisible();
});

test('the impersonate tool asks first: Cancel stays, Impersonate lands on /home as the member, leaving comes back to the tool', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/impersonate');
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonate' })).toBeVisible();
  await searchFor(page, 'MEMBER@example');
  await page.getByRole('button', { name: 'Impersonate Morgan Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'IMPERSONATE MEMBER?' });
  await expect(dialog.getByRole('button', { name: 'CANCEL' })).toBeVisible();
  await expectNoSeriousViolations(page, 'impersonation confirmation');
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin-tools\/impersonate\?search=/);

  await page.getByRole('button', { name: 'Impersonate Morgan Member' }).click();
  await dialog.getByRole('button', { name: 'IMPERSONATE' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('YOU ARE LOGGED IN AS Morgan Member')).toBeVisible();
  await page.getByRole('button', { name: 'LEAVE SESSION' }).click();
  await expect(page.getByText('YOU ARE LOGGED IN AS')).toHaveCount(0);
  // Back at the tool with its search, as the admin (issue 54, item 4: it was the member's /home).
  await expect(page).toHaveURL(/\/admin-tools\/impersonate\?search=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonate' })).toBeVisible();
});

test('support gives points from the keyboard alone: Tab to each field, Enter to save', async ({ page, request }) => {
  // A member of this test only: the demo member's activity pages belong to other tests.
  const kim = (await enrollFreshMember(request, { firstName: 'Kim', lastName: 'Keys' })).pax;
  await signInAs(page, admin);
  await page.goto(`/admin-tools/give-points?paxId=${kim.paxId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Give Points' })).toBeVisible();
  const points = page.getByRole('textbox', { name: 'Points' });
  await expect(points).toBeVisible();
  // From the top of the page, Tab until the points field has the focus: it is reached without a pointer.
  await page.getByRole('heading', { level: 1, name: 'Give Points' }).click();
  for (let i = 0; i < 60 && !(await points.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(points).toBeFocused();
  await page.keyboard.type('7');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeFocused();
  const description = `Keyboard ${randomUUID().slice(0, 8)}`;
  await page.keyboard.type(description);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('give-points-outcome')).toContainText('Gave 7 points to Kim Keys.');
  expect(await awardsDescribed(request, kim.paxId, description)).toBe(1);
});
