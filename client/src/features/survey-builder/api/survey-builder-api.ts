import { api } from '../../../lib/api';

export type SurveyStatus = 'NEW' | 'PENDING' | 'ACTIVE' | 'INACTIVE' | 'DELETED';
export type QuestionTypeCode = 'TRUE_FALSE' | 'MULTIPLE_CHOICE' | 'SCALE' | 'MULTIPLE_ONE' | 'USER_RESPONSE';

export interface AnswerDraft {
  id?: number;
  text: string;
}
export interface QuestionDraft {
  id?: number;
  questionTypeCode: QuestionTypeCode;
  maxAnswers: number;
  requiredAnswers: number;
  text: string;
  answers: AnswerDraft[];
}
export interface SectionDraft {
  id?: number;
  name: string;
  description: string;
  instructions: string;
  numberOfQuestions: number;
  showInstructions: boolean;
  showName: boolean;
  questions: QuestionDraft[];
}
/** The admin spec's survey / test record as the editor holds it. */
export interface SurveyRecord {
  id?: number;
  name: string;
  description: string;
  statusTypeCode: SurveyStatus;
  pointIssuanceDisabled: boolean;
  testTypeCode: string;
  fromDate: string;
  thruDate: string | null;
  maxAttempts: number;
  surveyPointsAmount: number;
  groupIds: number[];
  sections: SectionDraft[];
  pendingApproval?: boolean;
}
export type SurveySummary = Omit<SurveyRecord, 'sections'> & { id: number };

const base = '/api/rest';
export const surveyBuilderApi = {
  list: (status: SurveyStatus | 'ALL') => api.get<SurveySummary[]>(`${base}/tests`, { query: { status: status === 'ALL' ? undefined : status } }),
  testTypes: () => api.get<{ items: { code: string; name: string }[] }>(`${base}/types/tests`, { query: { search: 'displayStatusTypeCode==ACTIVE' } }),
  get: (id: number) => api.get<SurveyRecord>(`${base}/tests/${id}`),
  create: (survey: SurveyRecord) => api.post<SurveyRecord>(`${base}/tests`, survey, { quiet: true }),
  update: (id: number, survey: SurveyRecord) => api.put<SurveyRecord>(`${base}/tests/${id}`, survey, { quiet: true }),
  remove: (id: number) => api.request<SurveyRecord>('DELETE', `${base}/tests/${id}`),
  inactivate: (id: number) => api.put<SurveyRecord>(`${base}/tests/inactivate/${id}`),
  copy: (id: number) => api.post<SurveyRecord>(`${base}/tests/${id}/copy`),
};
