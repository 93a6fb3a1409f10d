import type { AnswerDraft, QuestionDraft, QuestionTypeCode, SectionDraft, SurveyRecord } from './api/survey-builder-api';
import { DEFAULT_SCALE, scaleAnswers, scaleRangeOf } from './scale-range';

/** Admin spec section 3 defaults for a new record, section and question. */
export const newQuestion = (): QuestionDraft => ({
  questionTypeCode: 'MULTIPLE_ONE',
  maxAnswers: 1,
  requiredAnswers: 1,
  text: '',
  answers: [{ text: '' }, { text: '' }],
});
export const newSection = (): SectionDraft => ({
  name: '',
  description: '',
  instructions: '',
  numberOfQuestions: 1,
  showInstructions: false,
  showName: true,
  questions: [newQuestion()],
});
export const newSurvey = (today: string): SurveyRecord => ({
  name: '',
  description: '',
  statusTypeCode: 'NEW',
  pointIssuanceDisabled: false,
  testTypeCode: 'SURVEY',
  fromDate: today,
  thruDate: null,
  maxAttempts: 50,
  surveyPointsAmount: 0,
  groupIds: [],
  sections: [newSection()],
});

/** Changing a question's type keeps its text and fixes what the type requires (one answer for single choice, two for TRUE_FALSE). */
export function withType(q: QuestionDraft, type: QuestionTypeCode): QuestionDraft {
  if (type === 'USER_RESPONSE') return { ...q, questionTypeCode: type, maxAnswers: 1, requiredAnswers: 1, answers: [] };
  if (type === 'TRUE_FALSE') return { ...q, questionTypeCode: type, maxAnswers: 1, requiredAnswers: 1, answers: [{ text: 'True' }, { text: 'False' }] };
  // A scale is its range of numbers: answers that already make one are kept, else it starts at 1 to 5.
  if (type === 'SCALE')
    return {
      ...q,
      questionTypeCode: type,
      maxAnswers: 1,
      requiredAnswers: 1,
      answers: scaleRangeOf(q.answers) ? q.answers : (scaleAnswers(DEFAULT_SCALE.low, DEFAULT_SCALE.high) ?? []),
    };
  const answers: AnswerDraft[] = q.answers.length >= 2 ? q.answers : [...q.answers, { text: '' }, { text: '' }].slice(0, Math.max(2, q.answers.length));
  if (type === 'MULTIPLE_CHOICE')
    return { ...q, questionTypeCode: type, answers, maxAnswers: Math.max(q.maxAnswers, 1), requiredAnswers: Math.min(q.requiredAnswers, q.maxAnswers) };
  return { ...q, questionTypeCode: type, maxAnswers: 1, requiredAnswers: 1, answers };
}

/** What the server takes: numberOfQuestions follows the questions actually on the page. */
export const toPayload = (s: SurveyRecord): SurveyRecord => ({
  ...s,
  sections: s.sections.map((sec) => ({ ...sec, numberOfQuestions: sec.questions.length })),
});
