import type {
  QuestionTypeCode,
  Survey,
  SurveyBody,
  SurveyQuestionBody,
  SurveySectionBody,
  SurveyAnswerExport,
  SurveyFreeTextPage,
  SurveyResults,
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
export type { SurveyAnswerExport, SurveyFreeTextPage, SurveyResults, SurveySummary };

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
  results: (id: number) => api.get<SurveyResults>(`${base}/tests/${id}/results`),
  freeTexts: (id: number, questionId: number, page: number, size: number) =>
    api.get<SurveyFreeTextPage>(`${base}/tests/${id}/results/questions/${questionId}/free-texts`, { query: { page, size } }),
  answers: (id: number) => api.get<SurveyAnswerExport>(`${base}/tests/${id}/results/answers`),
};
