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

/**
 * What delete or inactivate does to members, said before the admin confirms. Only ACTIVE surveys within their dates
 * are offered, and sending answers checks the same (server/surveys/member-routes.ts, offeredSurvey): a member midway is
 * told the survey is no longer available; answers already sent and the points they earned stay (the rows are kept for
 * the submissions that name them), so no member's history is rewritten.
 */
export const MEMBERS_AFTER_REMOVAL =
  'A member taking it now cannot send the answers and is told it is no longer available; members who have taken it keep their answers and the points they earned.';

export const confirmationText = (action: 'delete' | 'inactivate', name: string) =>
  action === 'delete'
    ? `Delete “${name}”? Members can no longer take it. ${MEMBERS_AFTER_REMOVAL} A deleted survey cannot be edited or made active again.`
    : `Inactivate “${name}”? Members can no longer take it until it is active again. ${MEMBERS_AFTER_REMOVAL}`;
