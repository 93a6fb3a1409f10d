import { streamEvents, type EventsOf } from '../stream-events';

/**
 * `survey-{id}`: no events yet. A survey's definition is configuration (audited tables, server/surveys), and a
 * submission is a member fact (SurveySubmitted on the member stream, where "once per member" is decided). The union
 * is here so that a survey-level fact (opened, closed) has its place when one is needed.
 */
export const surveyEvents = streamEvents('survey', []);
export type SurveyEvent = EventsOf<typeof surveyEvents>;
