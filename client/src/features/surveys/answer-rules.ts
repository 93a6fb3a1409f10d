import type { SubmittedAnswer, SurveyQuestion, SurveySection } from './api/surveys-api';

/** What the member has chosen or written for one question. */
export interface QuestionAnswer {
  answerIds: number[];
  userResponse: string;
}
export type Answers = Readonly<Record<number, QuestionAnswer>>;

const SINGLE_CHOICE = new Set(['TRUE_FALSE', 'SCALE', 'MULTIPLE_ONE']);
export const isSingleChoice = (q: SurveyQuestion) => SINGLE_CHOICE.has(q.questionTypeCode);

/** Member spec section 5: single choice exactly one; MULTIPLE_CHOICE within its bounds; USER_RESPONSE non-empty text. */
export function isQuestionComplete(q: SurveyQuestion, a: QuestionAnswer | undefined): boolean {
  const count = a?.answerIds.length ?? 0;
  if (isSingleChoice(q)) return count === 1;
  if (q.questionTypeCode === 'MULTIPLE_CHOICE') return count >= q.requiredAnswers && count <= q.maxAnswers;
  return (a?.userResponse ?? '').trim().length > 0;
}

export const isSectionComplete = (section: SurveySection | undefined, answers: Answers): boolean =>
  !!section && section.questions.every((q) => isQuestionComplete(q, answers[q.id]));

/** A click on an answer: single choice replaces, multiple choice toggles but never beyond maxAnswers. */
export function chooseAnswer(q: SurveyQuestion, current: QuestionAnswer | undefined, answerId: number): QuestionAnswer {
  const base = current ?? { answerIds: [], userResponse: '' };
  if (isSingleChoice(q)) return { ...base, answerIds: [answerId] };
  if (base.answerIds.includes(answerId)) return { ...base, answerIds: base.answerIds.filter((id) => id !== answerId) };
  if (base.answerIds.length >= q.maxAnswers) return base;
  return { ...base, answerIds: [...base.answerIds, answerId] };
}

export const toSubmission = (sections: SurveySection[], answers: Answers): SubmittedAnswer[] =>
  sections
    .flatMap((s) => s.questions)
    .map((q) => {
      const a = answers[q.id] ?? { answerIds: [], userResponse: '' };
      return q.questionTypeCode === 'USER_RESPONSE'
        ? { questionId: q.id, answerIds: a.answerIds, userResponse: a.userResponse.trim() }
        : { questionId: q.id, answerIds: a.answerIds };
    });
