import { api } from '../../../lib/api';

export type QuestionTypeCode = 'TRUE_FALSE' | 'MULTIPLE_CHOICE' | 'SCALE' | 'MULTIPLE_ONE' | 'USER_RESPONSE';

/** Survey (member view), member spec section 3. */
export interface SurveyListItem {
  id: number;
  name: string;
  surveyPointsAmount: number;
  fromDate: string;
}

export interface SurveyQuestion {
  id: number;
  text: string;
  questionTypeCode: QuestionTypeCode;
  maxAnswers: number;
  requiredAnswers: number;
  answers: { id: number; text: string }[];
}

export interface SurveySection {
  name: string;
  description: string;
  instructions: string;
  showName: boolean;
  showInstructions: boolean;
  questions: SurveyQuestion[];
}

export interface SurveyToTake {
  id: number;
  name: string;
  surveyPointsAmount?: number;
  sections: SurveySection[];
}

export interface SubmittedAnswer {
  questionId: number;
  answerIds: number[];
  userResponse?: string;
}

/** An empty list when nothing returns, as the spec's survey fetch does. */
export const fetchSurveys = async (paxId: number, status: 'ALL' | 'COMPLETE'): Promise<SurveyListItem[]> =>
  (await api.get<SurveyListItem[] | undefined>(`/api/rest/participants/${paxId}/tests`, { query: { testResultStatusTypeCode: status } })) ?? [];

export const fetchSurveyToTake = (surveyId: number) => api.get<SurveyToTake>(`/api/rest/tests/${surveyId}/take`, { quiet: true });

export const submitSurveyAnswers = (paxId: number, surveyId: number, answers: SubmittedAnswer[]) =>
  api.post<{ pointsAwarded: number; position: string }>(`/api/rest/participants/${paxId}/tests/${surveyId}/responses`, { answers }, { quiet: true });
