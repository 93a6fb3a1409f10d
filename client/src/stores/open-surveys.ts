import { createEvent, createStore } from 'effector';
import { sessionEnded } from '../session/session-events';

/**
 * How many surveys are open to the member, as the surveys feature last read them (null: not read yet). Shared, so a
 * page outside that feature (the home banner promising a survey) can show its promise only when one is open.
 */
export const openSurveysCounted = createEvent<number>();
/** The member just completed one of them. */
export const surveyCompletedHere = createEvent();
export const $openSurveyCount = createStore<number | null>(null)
  .on(openSurveysCounted, (_, n) => n)
  .on(surveyCompletedHere, (n) => (n === null ? null : Math.max(0, n - 1)))
  .reset(sessionEnded);
