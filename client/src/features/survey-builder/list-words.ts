import type { SurveyStatus } from './api/survey-builder-api';

export const STATUS_WORDS: Record<SurveyStatus, string> = {
  NEW: 'New',
  PENDING: 'Waiting for approval',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  DELETED: 'Deleted',
};

export const TYPE_WORDS: Record<string, string> = { SURVEY: 'Survey', TEST: 'Test' };

/**
 * What the administrator is told before the change. Both end the offer to members (only ACTIVE surveys in their dates
 * are offered); submitting does not check the status, so a member midway can finish; answers already submitted and the
 * points they earned stay, so a member's history is not rewritten.
 */
export const inactivateConfirmation = (name: string) => ({
  title: `Inactivate ${name}?`,
  message:
    'Members will no longer be offered this survey. A member who has it open now can still send the answers and earn its points. Members who have taken it keep their answers and the points they earned. You can make it active again later.',
  yesLabel: 'Inactivate',
  noLabel: 'Cancel',
});

export const removeConfirmation = (name: string) => ({
  title: `Delete ${name}?`,
  message:
    'Members will no longer be offered this survey. A member who has it open now can still send the answers and earn its points. Members who have taken it keep their answers and the points they earned. A deleted survey cannot be edited or made active again.',
  yesLabel: 'Delete',
  noLabel: 'Cancel',
});
