import { combine, createEvent, createStore } from 'effector';
import { sessionEnded } from '../session/session-events';

/**
 * How many surveys are open to the member (null: not read yet), for a page outside the surveys feature: the home
 * banner promising a survey shows its promise only while one is open. Counted from the ids the surveys feature last
 * read, less the ones completed in this session: a read of the list just after a submission can still find the
 * survey open (the read model is a moment behind it), and a read started before it can land after it; neither brings
 * the completed survey back.
 */
export const openSurveysListed = createEvent<readonly number[]>();
/** The member just completed this survey. */
export const surveyCompletedHere = createEvent<number>();
const $listed = createStore<readonly number[] | null>(null)
  .on(openSurveysListed, (_, ids) => ids)
  .reset(sessionEnded);
const $completedHere = createStore<ReadonlySet<number>>(new Set())
  .on(surveyCompletedHere, (done, id) => new Set([...done, id]))
  .reset(sessionEnded);
export const $openSurveyCount = combine($listed, $completedHere, (ids, done) => (ids === null ? null : ids.filter((id) => !done.has(id)).length));
