import { utcDateOf } from '../../../../event-schemas/calendar';
import type { SurveyListItem } from './api/surveys-api';

/** Member spec section 9: the largest surveyPointsAmount, or 0 when there is none. */
export const highestPointValue = (surveys: readonly SurveyListItem[]): number => surveys.reduce((max, s) => Math.max(max, s.surveyPointsAmount), 0);

/** Surveys counted as new: those whose fromDate is later than the given date (`YYYY-MM-DD`). */
export const surveysNewSince = (surveys: readonly SurveyListItem[], since: string): SurveyListItem[] => surveys.filter((s) => s.fromDate > since);

/**
 * `YYYY-MM-DD` of a moment in UTC, not the programme's zone, on purpose: the spec's "new since" date helpers are UTC's,
 * and the visit dates already kept in members' browsers were written that way.
 */
export const isoDay = (at: Date): string => utcDateOf(at);
