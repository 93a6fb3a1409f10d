import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInAs } from './support/demo-users';

/** Issue 54, item 8: the landing was a bare list, and the live group count asked while a rule was incomplete. */
test('the admin tools landing says what each tool is for, tied to its link, and is axe clean', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Member Search' })).toHaveAccessibleDescription(/Find a member by name, e-mail or number/);
  await expect(main.getByRole('link', { name: 'Give Points' })).toHaveAccessibleDescription(/Award points to one member/);
  const links = main.getByRole('list').first().getByRole('link');
  for (const link of await links.all()) await expect(link).toHaveAccessibleDescription(/\w+.*\./);
  await expectNoSeriousViolations(page, '/admin-tools landing');
});

test('the live group count asks nothing while a rule is incomplete, and once for a value typed quickly', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/survey-builder/configure');
  const editor = page.getByRole('group', { name: 'Participant group' });
  const status = editor.getByRole('status');
  await expect(status).toHaveText('Finish every rule to see how many members match');
  const counts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/participants/search/count')) counts.push(r.postData() ?? '');
  });
  await editor.getByLabel('Field, rule 1', { exact: true }).selectOption({ label: 'First name' });
  await editor.getByLabel('Comparison, rule 1', { exact: true }).selectOption({ label: 'starts with' });
  await page.waitForTimeout(1200);
  expect(counts).toHaveLength(0);
  await expect(status).toHaveText('Finish every rule to see how many members match');

  await editor.getByLabel('Value, rule 1', { exact: true }).pressSequentially('Avery', { delay: 60 });
  await expect(status).toHaveText('1 member matches these rules today');
  await page.waitForTimeout(800);
  expect(counts).toHaveLength(1);
  expect(counts[0]).toContain('Avery');
});
