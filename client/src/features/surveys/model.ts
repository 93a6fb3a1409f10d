import { createEffect, createEvent, createStore, sample } from 'effector';
import { sessionAuthenticated, sessionEnded } from '../../session/session-events';
import { openSurveysListed } from '../../stores/open-surveys';
import { fetchSurveys, type SurveyListItem } from './api/surveys-api';
import { highestPointValue } from './survey-list-helpers';

export const surveysRequested = createEvent<number>();

export const fetchAvailableSurveysFx = createEffect((paxId: number) => fetchSurveys(paxId, 'ALL'));
export const fetchCompletedSurveysFx = createEffect((paxId: number) => fetchSurveys(paxId, 'COMPLETE'));

export const $availableSurveys = createStore<SurveyListItem[]>([])
  .on(fetchAvailableSurveysFx.doneData, (_, list) => list)
  .reset(sessionEnded);
export const $completedSurveys = createStore<SurveyListItem[]>([])
  .on(fetchCompletedSurveysFx.doneData, (_, list) => list)
  .reset(sessionEnded);

/** Member spec section 4: on when a fetch starts, off when either list arrives (or fails). */
export const $surveysLoading = createStore(false)
  .on(surveysRequested, () => true)
  .on(fetchAvailableSurveysFx.finally, () => false)
  .on(fetchCompletedSurveysFx.finally, () => false)
  .reset(sessionEnded);

export const $highestSurveyPoints = $availableSurveys.map(highestPointValue);

sample({ clock: surveysRequested, target: [fetchAvailableSurveysFx, fetchCompletedSurveysFx] });
// Sign-in loads the available surveys when a participant exists (member spec section 4, "Session").
sample({ clock: sessionAuthenticated, fn: ({ user }) => user.pax.paxId, target: fetchAvailableSurveysFx });

sample({ clock: fetchAvailableSurveysFx.doneData, fn: (list) => list.map((s) => s.id), target: openSurveysListed });
