import { amountError, AMOUNT_BOUNDS, isAboveUsual } from '../../../../event-schemas/contract/amount-bounds';
import type { SurveyRecord } from './api/survey-builder-api';

/** The survey record's numbers the server would refuse, in its words (a blank or non-number is held as NaN). */
export const surveyNumberErrors = (
  s: Pick<SurveyRecord, 'surveyPointsAmount' | 'maxAttempts'>,
): Partial<Record<'surveyPointsAmount' | 'maxAttempts', string>> => {
  const out: Partial<Record<'surveyPointsAmount' | 'maxAttempts', string>> = {};
  const points = amountError('surveyPoints', s.surveyPointsAmount);
  if (points) out.surveyPointsAmount = points;
  // The server's PositiveInteger words.
  if (!(Number.isSafeInteger(s.maxAttempts) && s.maxAttempts > 0)) out.maxAttempts = 'must be a whole number above 0';
  return out;
};

/** The second confirmation's words when a survey pays far above the usual, or null. */
export const unusualSurveyPoints = (s: Pick<SurveyRecord, 'surveyPointsAmount' | 'pointIssuanceDisabled'>): string | null =>
  !s.pointIssuanceDisabled && isAboveUsual('surveyPoints', s.surveyPointsAmount)
    ? `This survey pays ${s.surveyPointsAmount.toLocaleString('en-US')} points to each member who completes it (usually at most ${AMOUNT_BOUNDS.surveyPoints.usual.toLocaleString('en-US')}). Save it?`
    : null;
