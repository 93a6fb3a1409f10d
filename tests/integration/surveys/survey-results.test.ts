import { startTestServer, type TestServer } from '../../support/test-server';
import { surveyBody, validAnswers } from './survey-fixtures';

/**
 * Issue 54, item 5: admins could build, copy and retire surveys but saw no completions or answers. The results give
 * completions by programme day, each question's answers (counts for choices, free texts paged) and every answer for a
 * CSV; admins only; a read that names members is in each one's access log; an erased member's answers go.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

interface Created {
  id: number;
  sections: { questions: { id: number; text: string; answers: { id: number; text: string }[] }[] }[];
}

type Answer = { questionId: number; answerIds: number[]; userResponse?: string };
const submit = async (m: { token: string; paxId: number }, id: number, pick: (answers: { answers: Answer[] }) => { answers: Answer[] }) => {
  const taken = (await s.call('GET', `/api/rest/tests/${id}/take`, { token: m.token })).body;
  const r = await s.call('POST', `/api/rest/participants/${m.paxId}/tests/${id}/responses`, { token: m.token, body: pick(validAnswers(taken)) });
  expect(r.status).toBe(201);
  return r.body.position as string;
};
const asAdmin = (path: string, position?: string) => s.call('GET', path, { token: admin.token, headers: position ? { 'x-wait-for-position': position } : {} });
const accessActions = async (paxId: number) =>
  ((await asAdmin(`/api/rest/admin/participants/${paxId}/access-log`)).body as { action: string }[]).map((e) => e.action);

describe('a survey’s results', () => {
  it('count completions by day and each answer, page the free texts, export every answer, and log who was named', async () => {
    const created = (await s.call('POST', '/api/rest/tests', { token: admin.token, body: surveyBody({ name: 'Results pulse' }) })).body as Created;
    const [one, some, text] = created.sections.flatMap((sec) => sec.questions);
    const first = await s.enroll({ firstName: 'Ria', lastName: 'Responder' });
    const second = await s.enroll({ firstName: 'Sol', lastName: 'Second' });
    await submit(first, created.id, (a) => ({
      answers: a.answers.map((x) => (x.questionId === text.id ? { ...x, userResponse: 'Loved the front desk' } : x)),
    }));
    const last = await submit(second, created.id, (a) => ({
      answers: a.answers.map((x) =>
        x.questionId === one.id
          ? { ...x, answerIds: [one.answers[1].id] }
          : x.questionId === some.id
            ? { ...x, answerIds: some.answers.map((y) => y.id).slice(0, 2) }
            : x,
      ),
    }));

    const results = await asAdmin(`/api/rest/tests/${created.id}/results`, last);
    expect(results.status).toBe(200);
    expect(results.body.completions).toBe(2);
    expect(results.body.byDay).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), completions: 2 }]);
    const byQuestion = new Map(
      (results.body.questions as { questionId: number; answers: { text: string; count: number }[]; freeTexts: number }[]).map((q) => [q.questionId, q]),
    );
    expect(byQuestion.get(one.id)!.answers.map((a) => [a.text, a.count])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(byQuestion.get(some.id)!.answers.map((a) => [a.text, a.count])).toEqual([
      ['X', 2],
      ['Y', 1],
      ['Z', 0],
    ]);
    expect(byQuestion.get(text.id)!.freeTexts).toBe(2);
    // Counts name no one: nobody's access log has the read.
    expect(await accessActions(first.paxId)).not.toContain('survey-answers');

    const page = await asAdmin(`/api/rest/tests/${created.id}/results/questions/${text.id}/free-texts?page=0&size=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 0, size: 1, totalElements: 2 });
    expect(page.body.items).toEqual([{ paxId: second.paxId, memberName: 'Sol Second', submittedAt: expect.any(String), text: 'Great' }]);
    expect(await accessActions(second.paxId)).toContain('survey-answers');
    expect(await accessActions(first.paxId)).not.toContain('survey-answers');
    const next = await asAdmin(`/api/rest/tests/${created.id}/results/questions/${text.id}/free-texts?page=1&size=1`);
    expect(next.body.items.map((i: { text: string }) => i.text)).toEqual(['Loved the front desk']);

    const exported = await asAdmin(`/api/rest/tests/${created.id}/results/answers`);
    expect(exported.status).toBe(200);
    expect(exported.body.truncated).toBe(false);
    expect(exported.body.items).toContainEqual(expect.objectContaining({ paxId: first.paxId, question: 'Say something', answer: 'Loved the front desk' }));
    expect(exported.body.items).toContainEqual(expect.objectContaining({ paxId: second.paxId, question: 'Pick some', answer: 'Y' }));
    expect((await accessActions(first.paxId)).filter((a) => a === 'survey-answers')).toHaveLength(2);

    // An erased member's answers go; that they completed it stays, as their ledger does.
    const erased = await s.call('POST', `/api/rest/admin/participants/${first.paxId}/erasure`, {
      token: admin.token,
      body: { reason: 'asked to be forgotten' },
    });
    expect(erased.status).toBe(202);
    const after = await asAdmin(`/api/rest/tests/${created.id}/results`, erased.body.position);
    expect(after.body.completions).toBe(2);
    const textAfter = (after.body.questions as { questionId: number; freeTexts: number }[]).find((q) => q.questionId === text.id)!;
    expect(textAfter.freeTexts).toBe(1);
    const left = await asAdmin(`/api/rest/tests/${created.id}/results/answers`);
    expect(left.body.items.map((i: { paxId: number }) => i.paxId)).not.toContain(first.paxId);
  });

  it('answers 404 for an unknown survey or question, 400 naming a bad page, and 403 to a member', async () => {
    const created = (await s.call('POST', '/api/rest/tests', { token: admin.token, body: surveyBody({ name: 'Results refusals' }) })).body as Created;
    expect((await asAdmin('/api/rest/tests/999999/results')).status).toBe(404);
    expect((await asAdmin(`/api/rest/tests/${created.id}/results/questions/999999/free-texts`)).status).toBe(404);
    const bad = await asAdmin(`/api/rest/tests/${created.id}/results/questions/${created.sections[1].questions[0].id}/free-texts?page=-1`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.page');
    const member = await s.enroll();
    for (const path of [`/api/rest/tests/${created.id}/results`, `/api/rest/tests/${created.id}/results/answers`])
      expect((await s.call('GET', path, { token: member.token })).status).toBe(403);
  });
});
