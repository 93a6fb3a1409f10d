import type { SubmittedAnswer } from '../../event-schemas/survey-submitted';
import type { FieldError } from '../core/problem';
import { SINGLE_CHOICE, type AnswersBody, type Question, type Section } from './survey-codecs';

const pathOf = (questionId: number) => `body.answers.${questionId}`;

/** Why one question's answer is not acceptable, or undefined when it is (member spec section 5). */
export function answerProblem(q: Question, given: { answerIds: number[]; userResponse?: string | null } | undefined): string | undefined {
  const ids = given?.answerIds ?? [];
  if (new Set(ids).size !== ids.length) return 'must not name an answer twice';
  const known = new Set(q.answers.map((a) => a.id));
  if (ids.some((id) => !known.has(id))) return 'names an answer that does not belong to this question';
  if (SINGLE_CHOICE.includes(q.questionTypeCode)) return ids.length === 1 ? undefined : 'must have exactly one answer selected';
  if (q.questionTypeCode === 'MULTIPLE_CHOICE') {
    if (ids.length < q.requiredAnswers || ids.length > q.maxAnswers)
      return q.requiredAnswers === q.maxAnswers
        ? `must have exactly ${q.maxAnswers} answers selected`
        : `must have ${q.requiredAnswers} to ${q.maxAnswers} answers selected`;
    return undefined;
  }
  return (given?.userResponse ?? '').trim().length > 0 ? undefined : 'must have a written answer';
}

/**
 * Checks a submission against the survey definition. Each problem is reported at `body.answers.<questionId>`,
 * so the client can point at the question whatever order it sent the answers in.
 */
export function validateAnswers(sections: Section[], body: AnswersBody): { errors: FieldError[]; answers: SubmittedAnswer[] } {
  const questions = new Map(sections.flatMap((s) => s.questions).map((q) => [q.id, q]));
  const errors: FieldError[] = [];
  const byQuestion = new Map<number, AnswersBody['answers'][number]>();
  for (const a of body.answers) {
    if (!questions.has(a.questionId)) errors.push({ path: pathOf(a.questionId), message: 'is not a question of this survey' });
    else if (byQuestion.has(a.questionId)) errors.push({ path: pathOf(a.questionId), message: 'is answered more than once' });
    else byQuestion.set(a.questionId, a);
  }
  const answers: SubmittedAnswer[] = [];
  for (const q of questions.values()) {
    const given = byQuestion.get(q.id);
    const problem = answerProblem(q, given);
    if (problem) errors.push({ path: pathOf(q.id), message: problem });
    else if (given)
      answers.push({
        questionId: q.id,
        answerIds: given.answerIds,
        userResponse: q.questionTypeCode === 'USER_RESPONSE' ? (given.userResponse ?? '').trim() : null,
      });
  }
  return { errors, answers };
}
