import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, enrollFreshMember, signInAs, signInThroughApi } from './support/demo-users';

/** Issue 54, item 5: the survey builder had no results; now completions, answers, written answers and a CSV. */
test('an admin reads a survey’s results: completions by day, answer counts, written answers on demand, a CSV, and the reads are in the access log', async ({
  page,
  request,
}) => {
  const { authToken } = await signInThroughApi(request, admin);
  const name = `Results walk ${Date.now()}`;
  const created = await request.post('/api/rest/tests', {
    headers: { 'auth-token': authToken },
    data: {
      name,
      surveyPointsAmount: 5,
      sections: [
        {
          name: 'Only page',
          questions: [
            { questionTypeCode: 'MULTIPLE_ONE', text: 'How was the visit?', answers: [{ text: 'Good' }, { text: 'Not good' }] },
            { questionTypeCode: 'USER_RESPONSE', text: 'Anything else?', answers: [] },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const survey = (await created.json()) as { id: number; sections: { questions: { id: number; answers: { id: number }[] }[] }[] };
  const [visit, words] = survey.sections[0].questions;
  // A survey offered to everyone stays open to every later test's members in this worker (portal-survey-view counts
  // the open ones): it is inactivated however this test ends.
  try {
    const member = await enrollFreshMember(request, { firstName: 'Wren', lastName: 'Writer' });
    const submitted = await request.post(`/api/rest/participants/${member.pax.paxId}/tests/${survey.id}/responses`, {
      headers: { 'auth-token': member.authToken },
      data: {
        answers: [
          { questionId: visit.id, answerIds: [visit.answers[0].id] },
          { questionId: words.id, answerIds: [], userResponse: 'The parking was hard to find' },
        ],
      },
    });
    expect(submitted.status()).toBe(201);

    await signInAs(page, admin);
    await page.goto('/admin-tools/survey-builder');
    await page.getByRole('link', { name: `Results of ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Results: ${name}` })).toBeVisible();
    await expect(page.getByTestId('completions-total')).toHaveText('Completed 1 time.');
    await expect(page.getByTestId('completions-by-day').locator('tbody tr')).toHaveCount(1);
    const counts = page.getByRole('table', { name: 'Answers to question 1' });
    await expect(counts.getByRole('row', { name: /Good 1/ })).toBeVisible();
    await expect(counts.getByRole('row', { name: /Not good 0/ })).toBeVisible();
    await expect(page.getByText('The parking was hard to find')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'survey results');

    await page.getByRole('button', { name: 'Show written answers to question 2' }).click();
    const texts = page.getByRole('list', { name: 'Written answers to question 2' });
    await expect(texts).toContainText('The parking was hard to find');
    await expect(texts).toContainText(`Wren Writer (member #${member.pax.paxId})`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download answers (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`survey-${survey.id}-answers.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Submission,Submitted at,Member #,Question,Answer');
    expect(csv).toContain(`,${member.pax.paxId},How was the visit?,Good`);
    expect(csv).toContain(`,${member.pax.paxId},Anything else?,The parking was hard to find`);
    await expectNoSeriousViolations(page, 'survey results with written answers');

    await page.goto(`/admin-tools/employee-search/member?paxId=${member.pax.paxId}`);
    const log = page.getByTestId('access-log').locator('tbody tr').filter({ hasText: 'Their survey answers' });
    await expect(log).toHaveCount(2);
  } finally {
    await request.put(`/api/rest/tests/inactivate/${survey.id}`, { headers: { 'auth-token': authToken } });
  }
});
