import { left, right } from 'fp-ts/Either';
import { PointsAwarded, SurveySubmitted, type MemberEvent } from '../../event-schemas';
import type { SubmittedAnswer } from '../../event-schemas/survey-submitted';
import { domainError, type Decider } from '../core/decider';
import type { TestTypeCode } from './survey-codecs';
import { GrowOnlyMap } from '../core/grow-only';
import { addMonths } from '../../event-schemas/calendar';

/** What the member stream tells the survey decider: how many times each survey was submitted. */
export interface SurveyAttempts {
  attempts: GrowOnlyMap<number, number>;
}

export interface SubmitSurvey {
  paxId: number;
  survey: { id: number; name: string; testTypeCode: TestTypeCode; maxAttempts: number; surveyPointsAmount: number; pointIssuanceDisabled: boolean };
  answers: SubmittedAnswer[];
  lotId: string;
  today: string;
  expiryMonths: number;
}

/**
 * A survey is completed once; a TEST may be retaken up to maxAttempts times. Points come with the first submission
 * only, in the same append as SurveySubmitted: two concurrent submissions race on the member stream's revision, and
 * the retried one sees the first and is refused, so the survey pays once.
 */
export const submitSurvey: Decider<SubmitSurvey, SurveyAttempts, MemberEvent> = {
  initialState: { attempts: GrowOnlyMap.empty() },
  // Not a switch: this decider only reads its own event and must not break when other member events are added.
  evolve: (state, event) => {
    if (event.type !== 'SurveySubmitted') return state;
    // A grow-only map (server/core/grow-only.ts): a submission counts without copying the member's other surveys.
    return { attempts: state.attempts.with(event.data.surveyId, (state.attempts.get(event.data.surveyId) ?? 0) + 1) };
  },
  decide: (c, state) => {
    const done = state.attempts.get(c.survey.id) ?? 0;
    if (c.survey.testTypeCode === 'SURVEY' && done > 0) return left(domainError('already-completed', 'You have already completed this survey'));
    if (done >= c.survey.maxAttempts) return left(domainError('already-completed', `You have used all ${c.survey.maxAttempts} attempts`));
    const points = done === 0 && !c.survey.pointIssuanceDisabled ? c.survey.surveyPointsAmount : 0;
    const submitted = SurveySubmitted.of({ paxId: c.paxId, surveyId: c.survey.id, surveyName: c.survey.name, answers: c.answers, pointsAwarded: points });
    if (points === 0) return right([submitted]);
    return right([
      submitted,
      PointsAwarded.of({
        paxId: c.paxId,
        lotId: c.lotId,
        amount: points,
        description: `Survey: ${c.survey.name}`,
        source: 'SURVEY',
        expirationDate: addMonths(c.today, c.expiryMonths),
        idempotencyKey: null,
      }),
    ]);
  },
};
