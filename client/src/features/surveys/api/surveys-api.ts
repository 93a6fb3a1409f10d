import type {
  QuestionTypeCode,
  SubmittedAnswer,
  SurveyListItem,
  SurveyQuestion,
  SurveyResponses,
  SurveySection,
  SurveySubmitted,
  SurveyToTake,
} from '../../../../../event-schemas/contract/surveys';
import { api } from '../../../lib/api';

export type { QuestionTypeCode, SubmittedAnswer, SurveyListItem, SurveyQuestion, SurveySection, SurveyToTake };

/** An empty list when nothing returns, as the spec's survey fetch does. */
export const fetchSurveys = async (paxId: number, status: 'ALL' | 'COMPLETE'): Promise<SurveyListItem[]> =>
  (await api.get<SurveyListItem[] | undefined>(`/api/rest/participants/${paxId}/tests`, { query: { testResultStatusTypeCode: status } })) ?? [];

export const fetchSurveyToTake = (surveyId: number) => api.get<SurveyToTake>(`/api/rest/tests/${surveyId}/take`, { quiet: true });

export const submitSurveyAnswers = (paxId: number, surveyId: number, answers: SubmittedAnswer[]) =>
  api.post<SurveySubmitted>(`/api/rest/participants/${paxId}/tests/${surveyId}/responses`, { answers } satisfies SurveyResponses, { quiet: true });
