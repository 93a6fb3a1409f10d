import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInAs } from './support/demo-users';

test('an administrator builds a nested participant group, watches the member count follow it, and saves it', async ({ page }) => {
  await signInAs(page, admin);
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

test('the group builder works from the keyboard alone: each control is reached with Tab and changed with keys', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/survey-builder/configure');
  const editor = page.getByRole('group', { name: 'Participant group' });
  const count = editor.getByRole('status');
  /** Presses Tab until `target` has the focus: proof it is in the tab order, reached without a pointer. */
  const tabTo = async (target: ReturnType<typeof editor.getByLabel>) => {
    for (let i = 0; i < 120; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reached with Tab');
  };

  // The walk starts from the page's top (the heading takes no focus itself; the first Tab goes to the next control).
  await page.getByRole('heading', { level: 1 }).click();
  await tabTo(editor.getByLabel('Field, rule 1', { exact: true }));
  // A focused native select takes the option whose words are typed.
  await page.keyboard.type('First name');
  await expect(editor.getByLabel('Field, rule 1', { exact: true }).locator('option:checked')).toHaveText('First name');
  await tabTo(editor.getByLabel('Value, rule 1', { exact: true }));
  await page.keyboard.type('Avery');
  await expect(count).toHaveText('1 member matches these rules today');

  await tabTo(editor.getByRole('button', { name: 'Add nested group' }));
  await page.keyboard.press('Enter');
  const nested = editor.getByRole('group', { name: 'Nested group 1' });
  await tabTo(nested.getByLabel('Value, rule 1 of nested group 1', { exact: true }));
  await page.keyboard.type('00000');
  await expect(count).toHaveText('0 members match these rules today');
  // Back up one stop to the comparison, and choose "is not one of" by typing its words.
  await page.keyboard.press('Shift+Tab');
  await expect(nested.getByLabel('Comparison, rule 1 of nested group 1', { exact: true })).toBeFocused();
  await page.keyboard.type('is not one of');
  await expect(nested.getByLabel('Comparison, rule 1 of nested group 1', { exact: true }).locator('option:checked')).toHaveText('is not one of');
  await expect(count).toHaveText('1 member matches these rules today');

  await tabTo(editor.getByLabel('Group name'));
  await page.keyboard.type(`Keyboard Averys ${Date.now()}`);
  await tabTo(editor.getByRole('button', { name: 'Create group' }));
  await page.keyboard.press('Space');
  await expect(editor.getByRole('button', { name: 'Save group' })).toBeVisible();
  await expect(editor.getByLabel('Offered to').locator('option:checked')).toHaveText(/^Keyboard Averys /);
});
