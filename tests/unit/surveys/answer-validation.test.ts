import { answerProblem, validateAnswers } from '../../../server/surveys/answer-validation';
import type { Question, Section } from '../../../server/surveys/survey-codecs';

const q = (over: Partial<Question>): Question => ({
  id: 1,
  questionTypeCode: 'MULTIPLE_ONE',
  maxAnswers: 1,
  requiredAnswers: 1,
  text: 'Q',
  answers: [
    { id: 11, text: 'a' },
    { id: 12, text: 'b' },
    { id: 13, text: 'c' },
  ],
  ...over,
});
const section = (...questions: Question[]): Section => ({
  id: 1,
  name: '',
  description: '',
  instructions: '',
  numberOfQuestions: questions.length,
  showInstructions: false,
  showName: true,
  questions,
});

describe('answerProblem', () => {
  describe.each(['MULTIPLE_ONE', 'SCALE', 'TRUE_FALSE'] as const)('when the question is %s (single choice)', (type) => {
    const question = q({ questionTypeCode: type });
    it('accepts exactly one answer', () => expect(answerProblem(question, { answerIds: [12] })).toBeUndefined());
    it('refuses none', () => expect(answerProblem(question, { answerIds: [] })).toBe('must have exactly one answer selected'));
    it('refuses two', () => expect(answerProblem(question, { answerIds: [11, 12] })).toBe('must have exactly one answer selected'));
    it('refuses a missing answer', () => expect(answerProblem(question, undefined)).toBe('must have exactly one answer selected'));
  });

  describe('when the question is MULTIPLE_CHOICE', () => {
    const question = q({ questionTypeCode: 'MULTIPLE_CHOICE', requiredAnswers: 1, maxAnswers: 2 });
    it.each([[[11]], [[11, 13]]])('accepts %j', (ids) => expect(answerProblem(question, { answerIds: ids })).toBeUndefined());
    it('refuses fewer than requiredAnswers', () => expect(answerProblem(question, { answerIds: [] })).toBe('must have 1 to 2 answers selected'));
    it('refuses more than maxAnswers', () => expect(answerProblem(question, { answerIds: [11, 12, 13] })).toBe('must have 1 to 2 answers selected'));
    it('accepts nothing when nothing is required', () =>
      expect(answerProblem(q({ questionTypeCode: 'MULTIPLE_CHOICE', requiredAnswers: 0, maxAnswers: 2 }), undefined)).toBeUndefined());
  });

  describe('when the question is USER_RESPONSE', () => {
    const question = q({ questionTypeCode: 'USER_RESPONSE', answers: [] });
    it('accepts text', () => expect(answerProblem(question, { answerIds: [], userResponse: 'Fine' })).toBeUndefined());
    it.each([undefined, null, '', '   '])('refuses %p', (text) =>
      expect(answerProblem(question, { answerIds: [], userResponse: text })).toBe('must have a written answer'),
    );
  });

  it('refuses an answer of another question', () =>
    expect(answerProblem(q({}), { answerIds: [99] })).toBe('names an answer that does not belong to this question'));
  it('refuses a repeated answer', () =>
    expect(answerProblem(q({ questionTypeCode: 'MULTIPLE_CHOICE', maxAnswers: 3 }), { answerIds: [11, 11] })).toBe('must not name an answer twice'));
});

describe('validateAnswers', () => {
  const sections = [section(q({ id: 1 }), q({ id: 2, questionTypeCode: 'USER_RESPONSE', answers: [] }))];
  it('names each failing question by id, whatever the order sent', () => {
    const r = validateAnswers(sections, {
      answers: [
        { questionId: 2, answerIds: [] },
        { questionId: 7, answerIds: [] },
      ],
    });
    expect(r.errors).toEqual([
      { path: 'body.answers.7', message: 'is not a question of this survey' },
      { path: 'body.answers.1', message: 'must have exactly one answer selected' },
      { path: 'body.answers.2', message: 'must have a written answer' },
    ]);
  });
  it('refuses a question answered twice', () => {
    const r = validateAnswers(sections, {
      answers: [
        { questionId: 1, answerIds: [11] },
        { questionId: 1, answerIds: [12] },
        { questionId: 2, answerIds: [], userResponse: 'x' },
      ],
    });
    expect(r.errors).toEqual([{ path: 'body.answers.1', message: 'is answered more than once' }]);
  });
  it('answers the cleaned answers when all is well', () => {
    const r = validateAnswers(sections, {
      answers: [
        { questionId: 2, answerIds: [], userResponse: '  ok  ' },
        { questionId: 1, answerIds: [12], userResponse: 'ignored' },
      ],
    });
    expect(r).toEqual({
      errors: [],
      answers: [
        { questionId: 1, answerIds: [12], userResponse: null },
        { questionId: 2, answerIds: [], userResponse: 'ok' },
      ],
    });
  });
});
