import type {
  QuestionTypeCode,
  Survey,
  SurveyBody,
  SurveyQuestionBody,
  SurveySectionBody,
  SurveyStatus,
  SurveySummary,
  TestTypeList,
} from '../../../../../event-schemas/contract/surveys';
import { api } from '../../../lib/api';

export type { QuestionTypeCode, SurveyStatus };
/** The survey as the editor holds and sends it (the contract's body); children keep the ids they have. */
export type SurveyRecord = SurveyBody;
export type SectionDraft = SurveySectionBody;
export type QuestionDraft = SurveyQuestionBody;
export type AnswerDraft = SurveyQuestionBody['answers'][number];
export type { SurveySummary };

const base = '/api/rest';
export const surveyBuilderApi = {
  list: (status: SurveyStatus | 'ALL') => api.get<SurveySummary[]>(`${base}/tests`, { query: { status: status === 'ALL' ? undefined : status } }),
  testTypes: () => api.get<TestTypeList>(`${base}/types/tests`, { query: { search: 'displayStatusTypeCode==ACTIVE' } }),
  get: (id: number) => api.get<Survey>(`${base}/tests/${id}`),
  create: (survey: SurveyRecord) => api.post<Survey>(`${base}/tests`, survey, { quiet: true }),
  update: (id: number, survey: SurveyRecord) => api.put<Survey>(`${base}/tests/${id}`, survey, { quiet: true }),
  remove: (id: number) => api.request<Survey>('DELETE', `${base}/tests/${id}`),
  inactivate: (id: number) => api.put<Survey>(`${base}/tests/inactivate/${id}`),
  copy: (id: number) => api.post<Survey>(`${base}/tests/${id}/copy`),
};
