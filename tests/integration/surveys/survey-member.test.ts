import { startTestServer, type TestServer } from '../../support/test-server';
import { surveyBody, validAnswers } from './survey-fixtures';

// Each file starts a server on a fresh, seeded database; under a full parallel run that alone can take seconds.
jest.setTimeout(30_000);

let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const createSurvey = async (over: Record<string, unknown> = {}) => {
  const r = await s.call('POST', '/api/rest/tests', { token: admin.token, body: surveyBody(over) });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body as { id: number; sections: { questions: { id: number; answers: { id: number }[] }[] }[] };
};
const available = async (m: { token: string; paxId: number }, status = 'ALL') =>
  (await s.call('GET', `/api/rest/participants/${m.paxId}/tests?testResultStatusTypeCode=${status}`, { token: m.token })).body as {
    id: number;
    name: string;
  }[];
const take = (m: { token: string }, id: number) => s.call('GET', `/api/rest/tests/${id}/take`, { token: m.token });
const submit = (m: { token: string; paxId: number }, id: number, body: unknown) =>
  s.call('POST', `/api/rest/participants/${m.paxId}/tests/${id}/responses`, { token: m.token, body });
const balance = async (m: { token: string; paxId: number }, position?: string) =>
  (await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token, headers: position ? { 'x-wait-for-position': position } : {} })).body
    .balance as number;

describe('taking a survey', () => {
  it('offers the seeded three-page survey to a new member', async () => {
    const member = await s.enroll();
    const list = await available(member);
    const seeded = list.find((x) => x.name === 'Your Treatment Experience');
    expect(seeded).toMatchObject({ surveyPointsAmount: 50, fromDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const taken = await take(member, seeded!.id);
    expect(taken.body.sections).toHaveLength(3);
  });

  it('submits once, awards the points, moves the survey to COMPLETE, and refuses a second time with 409', async () => {
    const member = await s.enroll();
    const survey = await createSurvey();
    const taken = await take(member, survey.id);
    expect(taken.status).toBe(200);
    expect(Object.keys(taken.body.sections[0])).toEqual(['name', 'description', 'instructions', 'showName', 'showInstructions', 'questions']);
    const done = await submit(member, survey.id, validAnswers(taken.body));
    expect(done.status).toBe(201);
    expect(done.body.pointsAwarded).toBe(40);
    expect(await balance(member, done.body.position)).toBe(40);
    const wait = { token: member.token, headers: { 'x-wait-for-position': done.body.position } };
    const completed = await s.call('GET', `/api/rest/participants/${member.paxId}/tests?testResultStatusTypeCode=COMPLETE`, wait);
    expect(completed.body).toEqual([{ id: survey.id, name: 'Quick pulse', surveyPointsAmount: 40, fromDate: expect.any(String) }]);
    expect((await available(member)).map((x) => x.id)).not.toContain(survey.id);
    const again = await submit(member, survey.id, validAnswers(taken.body));
    expect(again.status).toBe(409);
    expect(again.body.type).toMatch(/already-completed$/);
    expect((await take(member, survey.id)).status).toBe(409);
  });

  it('names the question whose answer breaks the definition', async () => {
    const member = await s.enroll();
    const survey = await createSurvey();
    const taken = (await take(member, survey.id)).body;
    const answers = validAnswers(taken).answers;
    const [one, some, text] = answers;
    const bad = await submit(member, survey.id, {
      answers: [
        { ...one, answerIds: [] },
        { ...some, answerIds: some.answerIds.concat(taken.sections[0].questions[1].answers.map((a: { id: number }) => a.id)) },
        { ...text, userResponse: '   ' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: `body.answers.${one.questionId}`, message: 'must have exactly one answer selected' },
      { path: `body.answers.${some.questionId}`, message: 'must not name an answer twice' },
      { path: `body.answers.${text.questionId}`, message: 'must have a written answer' },
    ]);
    const missing = await submit(member, survey.id, { answers: [one, some] });
    expect(missing.body.errors).toEqual([{ path: `body.answers.${text.questionId}`, message: 'must have a written answer' }]);
    expect(await balance(member)).toBe(0);
  });

  it('answers 410 outside the window or when not active', async () => {
    const member = await s.enroll();
    const future = await createSurvey({ fromDate: '2999-01-01' });
    const past = await createSurvey({ fromDate: '2020-01-01', thruDate: '2020-12-31' });
    const inactive = await createSurvey();
    await s.call('PUT', `/api/rest/tests/inactivate/${inactive.id}`, { token: admin.token });
    for (const id of [future.id, past.id, inactive.id]) {
      expect((await take(member, id)).status).toBe(410);
      const r = await submit(member, id, { answers: [] });
      expect(r.status).toBe(410);
      expect(r.body.detail).toBe('Sorry, this survey is no longer available. Please check back for future survey opportunities!');
    }
    const ids = (await available(member)).map((x) => x.id);
    expect(ids).not.toEqual(expect.arrayContaining([future.id]));
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(inactive.id);
  });

  it('two concurrent submissions award the points once', async () => {
    const member = await s.enroll();
    const survey = await createSurvey({ surveyPointsAmount: 75 });
    const answers = validAnswers((await take(member, survey.id)).body);
    const results = await Promise.all(Array.from({ length: 4 }, () => submit(member, survey.id, answers)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const ok = results.find((r) => r.status === 201)!;
    expect(await balance(member, ok.body.position)).toBe(75);
    const events = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    expect(events.filter((e) => e.type === 'SurveySubmitted')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PointsAwarded')).toHaveLength(1);
  });

  it('awards nothing when point issuance is disabled', async () => {
    const member = await s.enroll();
    const survey = await createSurvey({ pointIssuanceDisabled: true });
    expect((await available(member)).find((x) => x.id === survey.id)).toMatchObject({ surveyPointsAmount: 0 });
    const r = await submit(member, survey.id, validAnswers((await take(member, survey.id)).body));
    expect(r.body.pointsAwarded).toBe(0);
    const events = await s.runtime.deps.store.readStream(`member-${member.paxId}`);
    expect(events.map((e) => e.type)).toEqual(['SurveySubmitted']);
  });

  it('lets a TEST be retaken up to maxAttempts, paying once', async () => {
    const member = await s.enroll();
    const survey = await createSurvey({ testTypeCode: 'TEST', maxAttempts: 2 });
    const answers = validAnswers((await take(member, survey.id)).body);
    expect((await submit(member, survey.id, answers)).body.pointsAwarded).toBe(40);
    expect((await submit(member, survey.id, answers)).body.pointsAwarded).toBe(0);
    expect((await submit(member, survey.id, answers)).status).toBe(409);
  });

  it('lets member B neither list nor submit for member A (403); an admin may', async () => {
    const a = await s.enroll();
    const b = await s.enroll();
    const survey = await createSurvey();
    const answers = validAnswers((await take(a, survey.id)).body);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/tests?testResultStatusTypeCode=ALL`, { token: b.token })).status).toBe(403);
    expect((await s.call('POST', `/api/rest/participants/${a.paxId}/tests/${survey.id}/responses`, { token: b.token, body: answers })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/tests/${survey.id}/take`)).status).toBe(401);
    expect((await s.call('POST', `/api/rest/participants/${a.paxId}/tests/${survey.id}/responses`, { token: admin.token, body: answers })).status).toBe(201);
  });
});

describe('targeting by group', () => {
  it('offers a grouped survey only to members in the group', async () => {
    const inside = await s.enroll({ postalCode: '10001' });
    const outside = await s.enroll({ postalCode: '92612' });
    const group = await s.call('POST', '/api/rest/participants/search', {
      token: admin.token,
      body: {
        name: 'New York',
        logicalExpression: {
          logicalOperatorCode: 'AND',
          comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'STARTS_WITH', values: ['100'] }],
          logicalExpressions: [],
        },
      },
    });
    const survey = await createSurvey({ groupIds: [group.body.id] });
    expect((await available(inside)).map((x) => x.id)).toContain(survey.id);
    expect((await available(outside)).map((x) => x.id)).not.toContain(survey.id);
    expect((await take(outside, survey.id)).status).toBe(410);
    const answers = validAnswers((await take(inside, survey.id)).body);
    expect((await submit(outside, survey.id, answers)).status).toBe(410);
    expect((await submit(inside, survey.id, answers)).status).toBe(201);
  });
});
