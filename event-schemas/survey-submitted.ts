import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { NonNegativeInteger, PaxId, PositiveInteger } from './primitives';

export const SubmittedAnswer = t.type({
  questionId: PositiveInteger,
  answerIds: t.array(PositiveInteger),
  userResponse: t.union([t.string, t.null]),
});
export type SubmittedAnswer = t.TypeOf<typeof SubmittedAnswer>;

/**
 * A member completed a survey (or one attempt of a test). Recorded on the member's stream, in the same append as
 * the PointsAwarded it earned, so the decider of a second, concurrent submission sees it and refuses.
 */
export const SurveySubmitted = defineEvent(
  'SurveySubmitted',
  1,
  t.type({
    paxId: PaxId,
    surveyId: PositiveInteger,
    surveyName: t.string,
    answers: t.array(SubmittedAnswer),
    pointsAwarded: NonNegativeInteger,
  }),
);
