import type { FlowItem, Liability, ProgrammeSummary } from '../../../../../event-schemas/contract/programme-reports';
import { api } from '../../../lib/api';

export type { FlowItem, Liability, ProgrammeSummary };

export const insightsApi = {
  liability: (asOf?: string) => api.get<Liability>('/api/rest/admin/reports/liability', { query: { asOf } }),
  pointsFlow: (from: string, to: string) =>
    api.get<{ items: FlowItem[] }>('/api/rest/admin/reports/points-flow', { query: { from, to, interval: 'month' } }).then((r) => r.items),
  summary: (from: string, to: string) => api.get<ProgrammeSummary>('/api/rest/admin/reports/summary', { query: { from, to } }),
};

/** GET /admin/reports/expiring-lots: a month of the expiry ladder, lot by lot, as it stands now. */
export interface ExpiringLots {
  month: string;
  points: number;
  members: number;
  lots: { paxId: number; memberName: string; lotId: string; points: number; expirationDate: string; source: string; awardedAt: string }[];
  truncated: boolean;
}

export const expiringLotsApi = {
  load: (month: string) => api.get<ExpiringLots>('/api/rest/admin/reports/expiring-lots', { query: { month } }),
};

interface PaidFigures {
  treatments: number;
  points: number;
  certificates: number;
  cost: number;
}

/** GET /admin/reports/promotion-results: what each published promotion paid against its forecast at publication. */
export interface PromotionResult {
  promotionId: string;
  name: string;
  status: string;
  fromDate: string;
  thruDate: string;
  paid: PaidFigures & { members: number };
  byDay: (PaidFigures & { day: string })[];
  /** `recorded`: kept with the publication; otherwise replayed now on the rules published (published before it was kept). */
  forecast: (PaidFigures & { members: number; publishedOn: string; recorded: boolean }) | null;
}

export const promotionResultsApi = {
  load: () => api.get<{ items: PromotionResult[] }>('/api/rest/admin/reports/promotion-results').then((r) => r.items),
};
