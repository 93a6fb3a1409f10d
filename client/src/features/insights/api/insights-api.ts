import type {
  ExpiringLots,
  FlowItem,
  Liability,
  ProgrammeSummary,
  PromotionResult,
  ReportItems,
} from '../../../../../event-schemas/contract/programme-reports';
import { api } from '../../../lib/api';

export type { ExpiringLots, FlowItem, Liability, ProgrammeSummary, PromotionResult };

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
