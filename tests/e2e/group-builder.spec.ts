import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughPage } from './support/demo-users';

test('an administrator builds a nested participant group, watches the member count follow it, and saves it', async ({ page }) => {
  await signInThroughPage(page, admin);
  await page.goto('/admin-tools/survey-builder/configure');
  const editor = page.getByRole('group', { name: 'Participant group' });
  const count = editor.getByRole('status');

  // Top level: first name equals Avery (the demo administrator, and nobody else on a fresh or test database).
  await editor.getByLabel('Field, rule 1', { exact: true }).selectOption({ label: 'First name' });
  const comparison = editor.getByLabel('Comparison, rule 1', { exact: true });
  await expect(comparison.locator('option')).toContainText(['equals', 'does not equal', 'is one of', 'is not one of', 'contains', 'starts with']);
  await editor.getByLabel('Value, rule 1', { exact: true }).fill('Avery');
  await expect(count).toHaveText('1 member matches these rules today');

  // A nested group joined by AND that nobody satisfies takes the count to zero; fixing its rule brings it back.
  await editor.getByRole('button', { name: 'Add nested group' }).first().click();
  const nested = editor.getByRole('group', { name: 'Nested group 1' });
  await expect(nested.getByLabel('Nested group 1 matches')).toHaveValue(/./);
  await nested.getByLabel('Field, rule 1 of nested group 1', { exact: true }).selectOption({ label: 'Last name' });
  await nested.getByLabel('Value, rule 1 of nested group 1', { exact: true }).fill('Nobody-by-this-name');
  await expect(count).toHaveText('0 members match these rules today');
  await nested.getByLabel('Comparison, rule 1 of nested group 1', { exact: true }).selectOption({ label: 'is not one of' });
  await expect(count).toHaveText('1 member matches these rules today');
  await expectNoSeriousViolations(page, 'group builder with a nested group');

  await editor.getByLabel('Group name').fill(`Averys ${Date.now()}`);
  await editor.getByRole('button', { name: 'Create group' }).click();
  await expect(editor.getByLabel('Offered to')).not.toHaveValue('0');
  await expect(editor.getByRole('button', { name: 'Save group' })).toBeVisible();
});
