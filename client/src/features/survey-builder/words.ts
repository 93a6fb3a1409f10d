import type { QuestionTypeCode, SurveyStatus } from './api/survey-builder-api';

/** Survey statuses as an admin reads them. */
export const STATUS_WORDS: Record<SurveyStatus, string> = {
  NEW: 'New',
  PENDING: 'Pending approval',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  DELETED: 'Deleted',
};

/** Question types as an admin reads them. */
export const QUESTION_TYPE_WORDS: Record<QuestionTypeCode, string> = {
  MULTIPLE_ONE: 'One answer',
  MULTIPLE_CHOICE: 'Several answers',
  TRUE_FALSE: 'True or false',
  SCALE: 'Scale',
  USER_RESPONSE: 'Written answer',
};

export const inWords = <C extends string>(words: Record<C, string>, codes: readonly C[]) => codes.map((value) => ({ label: words[value], value }));
