import type { FieldError } from '../core/problem';
import { SINGLE_CHOICE, type Survey, type SurveyDraft, type SurveyInput, type SurveyStatus } from './survey-codecs';

/** Admin spec section 3 / 9 defaults. */
export const SURVEY_DEFAULTS = {
  pointIssuanceDisabled: false,
  testTypeCode: 'SURVEY',
  maxAttempts: 50,
  questionTypeCode: 'MULTIPLE_ONE',
  maxAnswers: 1,
  requiredAnswers: 1,
} as const;

/**
 * Admin spec section 4: on create PENDING when a group is given and the caller flags it, otherwise ACTIVE; on update
 * the given value, else PENDING if flagged, else ACTIVE.
 */
export const statusOnCreate = (input: Pick<SurveyInput, 'pendingApproval' | 'groupIds'>): SurveyStatus =>
  input.pendingApproval && (input.groupIds?.length ?? 0) > 0 ? 'PENDING' : 'ACTIVE';
export const statusOnUpdate = (input: Pick<SurveyInput, 'pendingApproval' | 'statusTypeCode'>): SurveyStatus =>
  input.statusTypeCode ?? (input.pendingApproval ? 'PENDING' : 'ACTIVE');

/** Applies the defaults and checks the rules io-ts cannot express, naming each field that breaks one. */
export function toDraft(input: SurveyInput, status: SurveyStatus, today: string): { draft: SurveyDraft; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fromDate = input.fromDate ?? today;
  const thruDate = input.thruDate ?? null;
  if (thruDate !== null && thruDate < fromDate) errors.push({ path: 'body.thruDate', message: 'must not be before fromDate' });
  if (input.sections.length === 0) errors.push({ path: 'body.sections', message: 'must hold at least one section' });
  const sections = input.sections.map((s, si) => {
    const at = `body.sections.${si}`;
    if (s.questions.length === 0) errors.push({ path: `${at}.questions`, message: 'must hold at least one question' });
    const questions = s.questions.map((q, qi) => {
      const path = `${at}.questions.${qi}`;
      const type = q.questionTypeCode ?? SURVEY_DEFAULTS.questionTypeCode;
      const maxAnswers = q.maxAnswers ?? SURVEY_DEFAULTS.maxAnswers;
      const requiredAnswers = q.requiredAnswers ?? SURVEY_DEFAULTS.requiredAnswers;
      if (requiredAnswers > maxAnswers) errors.push({ path: `${path}.requiredAnswers`, message: 'must not be more than maxAnswers' });
      if (SINGLE_CHOICE.includes(type)) {
        if (maxAnswers !== 1) errors.push({ path: `${path}.maxAnswers`, message: `must be 1 for ${type}` });
        if (requiredAnswers !== 1) errors.push({ path: `${path}.requiredAnswers`, message: `must be 1 for ${type}` });
        if (type === 'TRUE_FALSE' && q.answers.length !== 2) errors.push({ path: `${path}.answers`, message: 'must hold exactly 2 answers for TRUE_FALSE' });
        else if (q.answers.length < 2) errors.push({ path: `${path}.answers`, message: `must hold at least 2 answers for ${type}` });
      } else if (type === 'MULTIPLE_CHOICE') {
        if (maxAnswers < 1) errors.push({ path: `${path}.maxAnswers`, message: 'must be at least 1 for MULTIPLE_CHOICE' });
        if (maxAnswers > q.answers.length) errors.push({ path: `${path}.maxAnswers`, message: 'must not be more than the number of answers' });
      } else if (q.answers.length > 1) errors.push({ path: `${path}.answers`, message: 'must hold at most 1 answer for USER_RESPONSE' });
      return {
        id: q.id ?? undefined,
        questionTypeCode: type,
        maxAnswers,
        requiredAnswers,
        text: q.text.trim(),
        answers: q.answers.map((a) => ({ id: a.id ?? undefined, text: a.text.trim() })),
      };
    });
    return {
      id: s.id ?? undefined,
      name: s.name ?? '',
      description: s.description ?? '',
      instructions: s.instructions ?? '',
      numberOfQuestions: s.numberOfQuestions ?? questions.length,
      showInstructions: s.showInstructions ?? false,
      showName: s.showName ?? true,
      questions,
    };
  });
  const draft: SurveyDraft = {
    name: input.name.trim(),
    description: input.description ?? '',
    statusTypeCode: status,
    pointIssuanceDisabled: input.pointIssuanceDisabled ?? SURVEY_DEFAULTS.pointIssuanceDisabled,
    testTypeCode: input.testTypeCode ?? SURVEY_DEFAULTS.testTypeCode,
    fromDate,
    thruDate,
    maxAttempts: input.maxAttempts ?? SURVEY_DEFAULTS.maxAttempts,
    score: input.score ?? null,
    surveyPointsAmount: input.surveyPointsAmount ?? 0,
    groupIds: [...new Set(input.groupIds ?? [])],
    sections,
  };
  return { draft, errors };
}

/** Admin spec section 4: a copy is NEW, ' - Copy' is added to its name, and its groups are dropped. */
export const copyOf = (s: Survey): SurveyDraft => ({
  ...s,
  name: `${s.name} - Copy`,
  statusTypeCode: 'NEW',
  groupIds: [],
  sections: s.sections.map((sec) => ({
    ...sec,
    id: undefined,
    questions: sec.questions.map((q) => ({ ...q, id: undefined, answers: q.answers.map((a) => ({ text: a.text })) })),
  })),
});

/** Whether a member may take the survey today: ACTIVE, inside its window, and in one of its groups if it has any. */
export type Availability = 'available' | 'not-active' | 'not-started' | 'ended' | 'not-targeted';
export const availability = (s: Pick<Survey, 'statusTypeCode' | 'fromDate' | 'thruDate' | 'groupIds'>, today: string, inAGroup: boolean): Availability => {
  if (s.statusTypeCode !== 'ACTIVE') return 'not-active';
  if (today < s.fromDate) return 'not-started';
  if (s.thruDate !== null && today > s.thruDate) return 'ended';
  if (s.groupIds.length > 0 && !inAGroup) return 'not-targeted';
  return 'available';
};
