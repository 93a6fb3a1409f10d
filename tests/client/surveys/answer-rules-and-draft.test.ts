import { chooseAnswer, isQuestionComplete, toSubmission } from '../../../client/src/features/surveys/answer-rules';
import type { SurveyQuestion } from '../../../client/src/features/surveys/api/surveys-api';
import { newQuestion, newSurvey, toPayload, withType } from '../../../client/src/features/survey-builder/survey-draft';

const question = (over: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  id: 1,
  text: 'Q',
  questionTypeCode: 'MULTIPLE_CHOICE',
  maxAnswers: 2,
  requiredAnswers: 1,
  answers: [
    { id: 1, text: 'a' },
    { id: 2, text: 'b' },
    { id: 3, text: 'c' },
  ],
  ...over,
});

describe('answer rules', () => {
  it('replaces the choice of a single-choice question', () => {
    const q = question({ questionTypeCode: 'SCALE', maxAnswers: 1 });
    expect(chooseAnswer(q, chooseAnswer(q, undefined, 1), 2).answerIds).toEqual([2]);
  });
  it('toggles multiple choice and never exceeds maxAnswers', () => {
    const q = question();
    let a = chooseAnswer(q, undefined, 1);
    a = chooseAnswer(q, a, 2);
    a = chooseAnswer(q, a, 3);
    expect(a.answerIds).toEqual([1, 2]);
    expect(chooseAnswer(q, a, 1).answerIds).toEqual([2]);
  });
  it.each([
    [question({ questionTypeCode: 'TRUE_FALSE', maxAnswers: 1 }), { answerIds: [1], userResponse: '' }, true],
    [question({ questionTypeCode: 'MULTIPLE_ONE', maxAnswers: 1 }), { answerIds: [], userResponse: '' }, false],
    [question({ requiredAnswers: 2 }), { answerIds: [1], userResponse: '' }, false],
    [question({ requiredAnswers: 0 }), undefined, true],
    [question({ questionTypeCode: 'USER_RESPONSE', answers: [] }), { answerIds: [], userResponse: ' ' }, false],
    [question({ questionTypeCode: 'USER_RESPONSE', answers: [] }), { answerIds: [], userResponse: 'ok' }, true],
  ])('%#: complete is %p', (q, a, expected) => expect(isQuestionComplete(q, a)).toBe(expected === true));
  it('sends text only for USER_RESPONSE, trimmed', () => {
    const sections = [
      {
        name: '',
        description: '',
        instructions: '',
        showName: true,
        showInstructions: false,
        questions: [question({ id: 1 }), question({ id: 2, questionTypeCode: 'USER_RESPONSE', answers: [] })],
      },
    ];
    expect(toSubmission(sections, { 1: { answerIds: [3], userResponse: 'x' }, 2: { answerIds: [], userResponse: ' hi ' } })).toEqual([
      { questionId: 1, answerIds: [3] },
      { questionId: 2, answerIds: [], userResponse: 'hi' },
    ]);
  });
});

describe('survey builder drafts', () => {
  it('starts from the admin spec defaults', () => {
    expect(newSurvey('2026-11-22')).toMatchObject({
      statusTypeCode: 'NEW',
      pointIssuanceDisabled: false,
      testTypeCode: 'SURVEY',
      fromDate: '2026-11-22',
      maxAttempts: 50,
    });
    expect(newQuestion()).toMatchObject({ questionTypeCode: 'MULTIPLE_ONE', maxAnswers: 1, requiredAnswers: 1 });
  });
  it('fixes answers and bounds when the question type changes', () => {
    expect(withType(newQuestion(), 'TRUE_FALSE').answers.map((a) => a.text)).toEqual(['True', 'False']);
    expect(withType(newQuestion(), 'USER_RESPONSE')).toMatchObject({ answers: [], maxAnswers: 1, requiredAnswers: 1 });
    expect(withType({ ...newQuestion(), questionTypeCode: 'MULTIPLE_CHOICE', maxAnswers: 3, requiredAnswers: 2 }, 'SCALE')).toMatchObject({
      maxAnswers: 1,
      requiredAnswers: 1,
    });
  });
  it('sends numberOfQuestions as the questions on the page', () => {
    const s = newSurvey('2026-11-22');
    s.sections[0].questions.push(newQuestion());
    expect(toPayload(s).sections[0].numberOfQuestions).toBe(2);
  });
});
