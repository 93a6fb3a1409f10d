import type {
  ExpiringLots,
  FlowEntries,
  FlowFigure,
  FlowItem,
  FlowMeasure,
  Liability,
  OutstandingCertificates,
  ProgrammeSummary,
  PromotionResult,
  ReportItems,
} from '../../../../../event-schemas/contract/programme-reports';
import type { PracticeTreatment, Reimbursement, Statement, StatementsOverview } from '../../../../../event-schemas/contract/practices';
import { api } from '../../../lib/api';

export type { PracticeTreatment, Reimbursement, Statement, StatementsOverview };
export type { ExpiringLots, FlowEntries, FlowFigure, FlowItem, FlowMeasure, Liability, OutstandingCertificates, ProgrammeSummary, PromotionResult };

export const insightsApi = {
  liability: (asOf?: string) => api.get<Liability>('/api/rest/admin/reports/liability', { query: { asOf } }),
  pointsFlow: (from: string, to: string) =>
    api.get<ReportItems<FlowItem>>('/api/rest/admin/reports/points-flow', { query: { from, to, interval: 'month' } }).then((r) => r.items),
  summary: (from: string, to: string) => api.get<ProgrammeSummary>('/api/rest/admin/reports/summary', { query: { from, to } }),
};

export const expiringLotsApi = {
  load: (month: string) => api.get<ExpiringLots>('/api/rest/admin/reports/expiring-lots', { query: { month } }),
};

export const promotionResultsApi = {
  load: () => api.get<ReportItems<PromotionResult>>('/api/rest/admin/reports/promotion-results').then((r) => r.items),
};

/** The drill-downs behind the points-flow and certificate figures (a page of rows each; the totals cover all pages). */
export const drillDownApi = {
  flowEntries: (f: FlowFigure, page: number, size: number) =>
    api.get<FlowEntries>('/api/rest/admin/reports/points-flow/entries', {
      query: { measure: f.measure, source: f.source, from: f.from, to: f.to, page, size },
    }),
  outstandingCertificates: (category: string, asOf: string, page: number, size: number) =>
    api.get<OutstandingCertificates>('/api/rest/admin/reports/certificates/outstanding', { query: { category, asOf, page, size } }),
};

/** Practices' monthly statements across the programme, and recording their payment (CONTRACT.md, "Practices"). */
export const practiceStatementsApi = {
  overview: (month: string) => api.get<StatementsOverview>('/api/rest/admin/practice-statements', { query: { month } }),
  statement: (practiceId: number, month: string) => api.get<Statement>(`/api/rest/admin/practices/${practiceId}/statements`, { query: { month } }),
  treatment: (treatmentId: string) => api.get<PracticeTreatment>(`/api/rest/admin/treatments/${treatmentId}`),
  recordPayment: (practiceId: number, month: string, reference: string) =>
    api.post<Reimbursement>(`/api/rest/admin/practices/${practiceId}/statements/${month}/reimbursement`, { reference }),
};
