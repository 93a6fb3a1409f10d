import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, member, pointsShown, signInAs, signInThroughPage } from './support/demo-users';

type MarkedWindow = Window & { e2eSurveyMarker?: string };

test('a member takes the three-page survey, tries to leave, submits, and sees the points land on /home', async ({ page }) => {
  await signInThroughPage(page, member);
  const before = await pointsShown(page);

  // The invitation greets the member on /home once per browser session and leads to the survey list.
  const invitation = page.getByRole('dialog', { name: 'SHARE YOUR THOUGHTS' });
  await expect(invitation).toContainText('earn up to 50 points');
  await invitation.getByRole('button', { name: 'TAKE A SURVEY' }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.getByRole('heading', { name: 'Available surveys' })).toBeVisible();
  await expect(page.getByTestId('highest-survey-points')).toHaveText('Earn up to 50 points per survey.');
  await expectNoSeriousViolations(page, '/surveys');
  await page.getByRole('link', { name: 'Your Treatment Experience' }).click();
  await page.evaluate(() => {
    (window as MarkedWindow).e2eSurveyMarker = 'same document';
  });

  await expect(page.getByRole('heading', { name: 'Share Your Thoughts' })).toBeVisible();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(page.getByText('Please complete the survey all at once, as answers cannot be saved for later. Thank you for your feedback.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'BACK' })).toHaveCount(0);
  await expectNoSeriousViolations(page, '/take-survey page 1');
  const next = page.getByRole('button', { name: 'NEXT' });
  await expect(next).toBeDisabled();
  await page.getByText('From my provider').click();
  await expect(next).toBeDisabled();
  await page.getByText('True', { exact: true }).click();
  await next.click();

  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'BACK' })).toBeVisible();

  // An in-app link asks first; CONTINUE SURVEY stays on the same page with nothing lost.
  await page.getByRole('link', { name: 'Home' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'LEAVING SO SOON?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("It looks like you haven't completed all the questions. If you leave now, your feedback will not be saved.");
  // Measured once the dialog has finished appearing: mid-fade colours are the animation's, not the design's.
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(dialog.getByRole('button', { name: 'CONTINUE SURVEY' })).toHaveCSS('opacity', '1');
  await expectNoSeriousViolations(page, 'survey abandon dialog');
  await expect(dialog.getByRole('button', { name: 'DISCARD UNSAVED CHANGES' })).toBeVisible();
  await dialog.getByRole('button', { name: 'CONTINUE SURVEY' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/take-survey\/\d+$/);
  await expect(page.getByText('Page 2 of 3')).toBeVisible();

  // So does the browser's back button.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'CONTINUE SURVEY' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();

  await page.getByText('5 - Very satisfied').click();
  await page.getByText('Gift certificates').click();
  await page.getByText('Partner offers').click();
  await next.click();

  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  const submit = page.getByRole('button', { name: 'SUBMIT' });
  await expect(submit).toBeDisabled();
  await page.getByPlaceholder('Enter your answer here').fill('More partner offers, please.');
  await submit.click();

  await expect(page.getByText('Thank you for completing the survey!')).toBeVisible();
  await expect(page.getByText('You have received 50 POINTS.')).toBeVisible();
  await page.getByRole('link', { name: 'BACK TO HOME' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('points-balance')).toHaveText((before + 50).toLocaleString('en-US'));
  expect(await page.evaluate(() => (window as MarkedWindow).e2eSurveyMarker), 'no reload on the way').toBe('same document');
  await expect(invitation).toHaveCount(0);

  await page.goto('/surveys');
  await expect(page.getByRole('heading', { name: 'Completed surveys' })).toBeVisible();
  await expect(page.getByText('Your Treatment Experience')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your Treatment Experience' })).toHaveCount(0);
});

test('an admin finds the seeded survey in the survey builder, copies it and opens the copy', async ({ page }) => {
  await signInThroughPage(page, admin);
  await page.getByRole('link', { name: 'Admin Tools' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Survey Builder' }).click();
  await expect(page.getByRole('heading', { name: 'Survey Builder' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Your Treatment Experience' }).first();
  await expect(row).toContainText('Active');
  // Each row's buttons are named with its survey (issue 28), so a screen reader's list of buttons tells them apart.
  await row.getByRole('button', { name: 'Copy Your Treatment Experience', exact: true }).click();
  const copy = page.getByRole('row').filter({ hasText: 'Your Treatment Experience - Copy' });
  await expect(copy).toContainText('New');
  await copy.getByRole('link', { name: 'Edit Your Treatment Experience - Copy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit survey' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Your Treatment Experience - Copy');
  await expect(page.getByRole('group', { name: 'Page 3' })).toBeVisible();
});

test('the survey builder names the page and question of a save error in words, and asks before inactivating or deleting', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-tools/survey-builder/configure');
  await expect(page.getByRole('heading', { name: 'New survey' })).toBeVisible();
  const name = `Aftercare ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Section name').fill('Your visit');
  await page.getByLabel('Question', { exact: true }).fill('How was your visit?');
  await page.getByRole('textbox', { name: 'Answer 1' }).fill('Great');
  await page.getByRole('button', { name: 'Remove answer 2' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Page 1, question 1 (“How was your visit?”): the answers must hold at least 2 answers for a one-answer question',
  );
  await expect(page.getByRole('alert')).not.toContainText('body.');

  // Removing a page is asked once more.
  await page.getByRole('button', { name: 'Remove page' }).click();
  await expect(page.getByText('Remove page 1 and its question?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep the page' }).click();
  await expect(page.getByRole('group', { name: 'Page 1' })).toBeVisible();
  // So is removing a question with text in it; an empty one goes at once.
  await page.getByRole('button', { name: 'Remove question' }).click();
  await expect(page.getByText('Remove this question and what was typed in it?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep the question' }).click();
  await expect(page.getByLabel('Question', { exact: true })).toHaveValue('How was your visit?');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByLabel('Question', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove question' }).nth(1).click();
  await expect(page.getByLabel('Question', { exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add answer' }).click();
  await page.getByRole('textbox', { name: 'Answer 2' }).fill('Fine');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/configure\?id=\d+$/);
  await page.getByRole('button', { name: 'Back to list' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  // A survey for everyone (no group) is active once saved.
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell', { name: 'Survey', exact: true })).toBeVisible();
  await expect(row).not.toContainText('SURVEY');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await row.getByRole('button', { name: 'Inactivate' }).click();
  await expect(row).toContainText(`Inactivate “${name}”? Members can no longer take it until it is active again.`);
  await expect(row).toContainText(
    'A member taking it now cannot send the answers and is told it is no longer available; members who have taken it keep their answers and the points they earned.',
  );
  await row.getByRole('button', { name: 'Keep it' }).click();
  await expect(row.getByRole('button', { name: 'Inactivate' })).toBeVisible();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Inactivate' }).click();
  await row.getByRole('button', { name: 'Yes, inactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Inactivated “${name}”.` })).toBeVisible();
  await expect(row).toContainText('Inactive');

  await row.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  await expect(row).toContainText(`Delete “${name}”? Members can no longer take it.`);
  await expect(row).toContainText('A deleted survey cannot be edited or made active again.');
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${name}”.` })).toBeVisible();
  await expect(row).toContainText('Deleted');
  await expectNoSeriousViolations(page, 'survey list after deleting');
});
